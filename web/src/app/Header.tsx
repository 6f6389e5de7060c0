import { Anchor, Box, Burger, Button, Group, Image, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink as RouterNavLink } from 'react-router';
import { loadChunk } from '#web/shared/load-chunk.ts';
// Straight to the two modules, not the feature's index: the shell must not pull in the sign-up form's country list.
import { useCurrentUser } from '../features/auth/api/current-user.ts';
import { useLogout } from '../features/auth/logout.ts';
import { useSession } from '../shared/session.ts';
import { mainLinks } from './navigation.ts';

// Menus and the drawer load on demand, keeping the first page's JavaScript small.
const AccountMenu = lazy(loadChunk(() => import('./AccountMenu.tsx')));
const MobileMenu = lazy(loadChunk(() => import('./MobileMenu.tsx')));

export const HEADER_HEIGHT = 64;

export function Header() {
  const [drawerOpen, drawer] = useDisclosure(false);
  const [drawerWanted, setDrawerWanted] = useState(false);
  const session = useSession();
  const signedIn = session.signedIn && Boolean(session.email);
  const logout = useLogout();
  const { data: currentUser } = useCurrentUser();
  const displayName = session.user?.first_name || session.user?.username || session.email || '';
  const avatarUrl = currentUser?.avatar_url ?? null;

  const toggleDrawer = () => {
    setDrawerWanted(true);
    drawer.toggle();
  };

  return (
    <Box
      component="header"
      h={HEADER_HEIGHT}
      pos="fixed"
      top={0}
      left={0}
      right={0}
      bg="var(--mantine-color-body)"
      style={{ zIndex: 100, borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group h="100%" px="md" justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <Burger
            opened={drawerOpen}
            onClick={toggleDrawer}
            hiddenFrom="md"
            size="sm"
            aria-label="Open menu"
          />
          <Anchor component={Link} to="/" underline="never" aria-label="Pilgrim Soul home">
            <Group gap={8} wrap="nowrap">
              <Image src="/static/brand/logo-mark.svg" alt="" h={36} w={36} />
              <Text ff="heading" fw={600} fz="xl" c="sage.9" visibleFrom="xs">
                Pilgrim Soul
              </Text>
            </Group>
          </Anchor>
        </Group>
        <Group gap={4} visibleFrom="md" component="nav" aria-label="Main">
          {mainLinks.map((link) => (
            <Button
              key={link.to}
              component={RouterNavLink}
              to={link.to}
              variant="subtle"
              size="compact-md"
              end
            >
              {link.label}
            </Button>
          ))}
        </Group>
        {signedIn ? (
          <Suspense fallback={<Box w={40} h={40} />}>
            <AccountMenu displayName={displayName} avatarUrl={avatarUrl} onLogout={logout} />
          </Suspense>
        ) : (
          <Button component={Link} to="/LoginSignup">
            Sign In
          </Button>
        )}
      </Group>
      {drawerWanted && (
        <Suspense fallback={null}>
          <MobileMenu
            opened={drawerOpen}
            onClose={drawer.close}
            onLogout={() => {
              drawer.close();
              void logout();
            }}
            account={signedIn ? { displayName, avatarUrl } : null}
          />
        </Suspense>
      )}
    </Box>
  );
}
