import { Box } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { loadChunk } from '#web/shared/load-chunk.ts';
import { Footer } from './Footer.tsx';
import { HEADER_HEIGHT, Header } from './Header.tsx';

// Toasts render from their own chunk, fetched with the first toast: notifications raised before it
// arrives wait in Mantine's store, and a visit that raises none never downloads it.
const Toaster = lazy(loadChunk(() => import('./Toaster.tsx')));

const useHasToasted = () => {
  const { notifications, queue } = useNotifications();
  const [toasted, setToasted] = useState(false);
  if (!toasted && notifications.length + queue.length > 0) setToasted(true);
  return toasted;
};

export function Layout() {
  const { pathname } = useLocation();
  const hasToasted = useHasToasted();
  return (
    <Box style={{ '--app-shell-header-height': `${HEADER_HEIGHT}px` }}>
      <Header />
      <Box component="main" pt={HEADER_HEIGHT}>
        {/* A page fills at least the screen, so the footer starts below it and is not pushed down
            (a layout shift) when the page's content or data arrives. */}
        <Box mih={`calc(100dvh - ${HEADER_HEIGHT}px)`}>
          <Outlet />
        </Box>
        <Footer variant={pathname === '/' ? 'home' : 'compact'} />
      </Box>
      {hasToasted && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
      <ScrollRestoration />
    </Box>
  );
}
