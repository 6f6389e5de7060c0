import { AppShell } from '@mantine/core';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

export const HEADER_HEIGHT = 64;

export function Layout() {
  const { pathname } = useLocation();
  return (
    <AppShell header={{ height: HEADER_HEIGHT }} padding={0}>
      <Header />
      <AppShell.Main>
        <Outlet />
        <Footer variant={pathname === '/' ? 'home' : 'compact'} />
      </AppShell.Main>
      <ScrollRestoration />
    </AppShell>
  );
}
