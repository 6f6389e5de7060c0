import { type ComponentType, lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { loadChunk } from '#web/shared/load-chunk.ts';
import HomePage from '../features/home/HomePage.tsx';
import { NotFoundPage } from '../shared/NotFoundPage.tsx';
import { Layout } from './Layout.tsx';
import { publicPages, signedInPages } from './page-table.ts';
import { RequireAuth } from './RequireAuth.tsx';
import { RouteError } from './RouteError.tsx';

type PageModule = { default: ComponentType };

/**
 * Each page is its own chunk, so the home route loads only what it shows. The home page itself (a few
 * kilobytes) comes with the entry: most pilgrims land there, and its hero can then paint without waiting
 * for a second round trip.
 */
const pageModules = import.meta.glob<PageModule>([
  '../features/*/*Page.tsx',
  '!../features/home/HomePage.tsx',
]);

const loaderOf = (module: string) => {
  const load = pageModules[`../features/${module}`];
  if (!load) throw new Error(`No page module ${module}`);
  return loadChunk(load);
};

const publicRoute = ([path, module]: [string, string]): RouteObject => ({
  path,
  lazy: async () => ({ Component: (await loaderOf(module)()).default }),
});

/**
 * A page behind sign-in: its chunk loads when it renders, not when the route matches, so a signed-out
 * visitor sent to sign in does not download the page they cannot see yet. Spellings of one page share
 * one element.
 */
const signedInRoutes = (table: Record<string, string>): RouteObject[] => {
  const elements = new Map(
    [...new Set(Object.values(table))].map((module) => {
      const Page = lazy(loaderOf(module));
      return [
        module,
        <Suspense key={module} fallback={null}>
          <Page />
        </Suspense>,
      ] as const;
    }),
  );
  return Object.entries(table).map(([path, module]) => ({ path, element: elements.get(module) }));
};

/** The app's routes: the browser's router (router.ts) and the build's first screens (web/src/prerender.tsx) share them. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    HydrateFallback: () => null,
    children: [
      { path: '/', Component: HomePage },
      ...Object.entries(publicPages).map(publicRoute),
      { element: <RequireAuth />, children: signedInRoutes(signedInPages) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
