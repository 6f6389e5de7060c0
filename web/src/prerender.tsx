import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders.tsx';
import { routes } from './app/routes.tsx';

const handler = createStaticHandler(routes);

/**
 * A page's first screen as HTML, as a visitor not signed in sees it before any data arrives: the build
 * renders the public pages with it (web/page-shells.ts), so that they paint before the app's JavaScript
 * has arrived.
 */
export const renderFirstScreen = async (pathname: string) => {
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${pathname} answers with a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppProviders>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
};
