import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { FirstScreenQuery } from '#contract/first-screen-data.ts';
import { AppProviders, createQueryClient } from './app/AppProviders.tsx';
import { routes } from './app/routes.tsx';

const handler = createStaticHandler(routes);

/**
 * A page's first screen as HTML, as a visitor not signed in sees it: the build renders the public pages
 * with it before any data arrives (web/page-shells.ts), so that they paint before the app's JavaScript
 * has arrived; the server renders a page whose first screen shows public data (the blog's posts) with
 * that data's answers (server/http/page-shells.ts).
 */
export const renderFirstScreen = async (pathname: string, answers: FirstScreenQuery[] = []) => {
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${pathname} answers with a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppProviders client={createQueryClient(answers)}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
};
