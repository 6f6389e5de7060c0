import { Box } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Footer } from './Footer.tsx';
import { HEADER_HEIGHT, Header } from './Header.tsx';

// Toasts render from their own chunk; notifications raised before it arrives wait in Mantine's store.
const Toaster = lazy(() => import('./Toaster.tsx'));

export function Layout() {
  const { pathname } = useLocation();
  return (
    <Box style={{ '--app-shell-header-height': `${HEADER_HEIGHT}px` }}>
      <Header />
      <Box component="main" pt={HEADER_HEIGHT} mih="100dvh">
        <Outlet />
        <Footer variant={pathname === '/' ? 'home' : 'compact'} />
      </Box>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
      <ScrollRestoration />
    </Box>
  );
}
