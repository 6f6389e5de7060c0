import { createBrowserRouter } from 'react-router';
import { routes } from './routes.tsx';

export const router = createBrowserRouter(routes);

/** Resolves once the first page's chunk has loaded, so the first render shows the page, not an empty shell. */
export const whenRouted = () =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
