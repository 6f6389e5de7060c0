import { Avatar, Divider, Drawer, Group, NavLink, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { accountLinks, mainLinks } from './navigation.ts';

export interface MobileMenuProps {
  opened: boolean;
  onClose(): void;
  onLogout(): void;
  account: { displayName: string; avatarUrl: string | null } | null;
}

/** The left drawer below medium width; loaded the first time the menu is opened. Its items are links. */
export default function MobileMenu({ opened, onClose, onLogout, account }: MobileMenuProps) {
  const { pathname } = useLocation();
  const item = (link: { to: string; label: string }) => (
    <NavLink
      key={link.to}
      component={Link}
      to={link.to}
      label={link.label}
      active={pathname.toLowerCase() === link.to.toLowerCase()}
      aria-current={pathname.toLowerCase() === link.to.toLowerCase() ? 'page' : undefined}
      onClick={onClose}
    />
  );
  return (
    <Drawer opened={opened} onClose={onClose} title="Menu" position="left" size="xs" hiddenFrom="md">
      <Stack gap={0} component="nav" aria-label="Menu">
        {mainLinks.map(item)}
        {account && (
          <>
            <Divider my="sm" label="My Account" labelPosition="left" />
            <Group gap="sm" px="sm" py="xs" wrap="nowrap">
              <Avatar
                src={account.avatarUrl}
                name={account.displayName}
                alt=""
                color="sage"
                variant="filled"
                radius="xl"
                size="md"
              />
              <Text size="sm" fw={500} truncate>
                {account.displayName}
              </Text>
            </Group>
            {accountLinks.map(item)}
            <NavLink label="Logout" component="button" onClick={onLogout} />
          </>
        )}
      </Stack>
    </Drawer>
  );
}
