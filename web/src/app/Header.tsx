import {
  AppShell,
  Avatar,
  Burger,
  Button,
  Divider,
  Drawer,
  Group,
  Image,
  Menu,
  NavLink,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, NavLink as RouterNavLink, useNavigate } from 'react-router';
// Straight to the two modules, not the feature's index: the shell must not pull in the sign-up form's country list.
import { useCurrentUser } from '../features/auth/api/current-user.ts';
import { useLogout } from '../features/auth/logout.ts';
import { useSession } from '../shared/session.ts';
import { accountLinks, mainLinks } from './navigation.ts';

export function Header() {
  const [drawerOpen, drawer] = useDisclosure(false);
  const session = useSession();
  const signedIn = session.signedIn && Boolean(session.email);
  const navigate = useNavigate();
  const logout = useLogout();
  const { data: currentUser } = useCurrentUser();
  const displayName = session.user?.first_name || session.user?.username || session.email || '';
  const avatarUrl = currentUser?.avatar_url ?? null;

  const go = (to: string) => {
    drawer.close();
    navigate(to);
  };

  return (
    <AppShell.Header withBorder>
      <Group h="100%" px="md" justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <Burger
            opened={drawerOpen}
            onClick={drawer.toggle}
            hiddenFrom="md"
            size="sm"
            aria-label="Open menu"
          />
          <Link to="/" aria-label="Pilgrim Soul home">
            <Group gap={8} wrap="nowrap">
              <Image src="/static/brand/logo-mark.svg" alt="" h={36} w={36} />
              <Text ff="heading" fw={600} fz="xl" c="sage.9" visibleFrom="xs">
                Pilgrim Soul
              </Text>
            </Group>
          </Link>
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
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <UnstyledButton>
                <Group gap="xs" wrap="nowrap">
                  <Avatar
                    aria-hidden
                    src={avatarUrl}
                    name={displayName}
                    alt=""
                    color="sage"
                    variant="filled"
                    radius="xl"
                    size="md"
                  />
                  <Text size="sm" visibleFrom="sm" fw={500}>
                    {displayName}
                  </Text>
                  <VisuallyHidden>Account menu</VisuallyHidden>
                </Group>
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              {accountLinks.map((link) => (
                <Menu.Item key={link.to} component={Link} to={link.to}>
                  {link.label}
                </Menu.Item>
              ))}
              <Menu.Item component={Link} to="/survey">
                Take Survey
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item onClick={logout}>Logout</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ) : (
          <Button component={Link} to="/LoginSignup">
            Sign In
          </Button>
        )}
      </Group>
      <Drawer
        opened={drawerOpen}
        onClose={drawer.close}
        title="Menu"
        position="left"
        size="xs"
        hiddenFrom="md"
      >
        <Stack gap={0} component="nav" aria-label="Menu">
          {mainLinks.map((link) => (
            <NavLink key={link.to} label={link.label} onClick={() => go(link.to)} component="button" />
          ))}
          {signedIn && (
            <>
              <Divider my="sm" label="My Account" labelPosition="left" />
              <Group gap="sm" px="sm" py="xs" wrap="nowrap">
                <Avatar
                  src={avatarUrl}
                  name={displayName}
                  alt=""
                  color="sage"
                  variant="filled"
                  radius="xl"
                  size="md"
                />
                <Text size="sm" fw={500} truncate>
                  {displayName}
                </Text>
              </Group>
              {accountLinks.map((link) => (
                <NavLink key={link.to} label={link.label} onClick={() => go(link.to)} component="button" />
              ))}
              <NavLink
                label="Logout"
                component="button"
                onClick={() => {
                  drawer.close();
                  void logout();
                }}
              />
            </>
          )}
        </Stack>
      </Drawer>
    </AppShell.Header>
  );
}
