import { Avatar, Divider, Drawer, Group, NavLink, Stack, Text } from '@mantine/core';
import { accountLinks, mainLinks } from './navigation.ts';

export interface MobileMenuProps {
  opened: boolean;
  onClose(): void;
  onNavigate(to: string): void;
  onLogout(): void;
  account: { displayName: string; avatarUrl: string | null } | null;
}

/** The left drawer below medium width; loaded the first time the menu is opened. */
export default function MobileMenu({ opened, onClose, onNavigate, onLogout, account }: MobileMenuProps) {
  return (
    <Drawer opened={opened} onClose={onClose} title="Menu" position="left" size="xs" hiddenFrom="md">
      <Stack gap={0} component="nav" aria-label="Menu">
        {mainLinks.map((link) => (
          <NavLink key={link.to} label={link.label} onClick={() => onNavigate(link.to)} component="button" />
        ))}
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
            {accountLinks.map((link) => (
              <NavLink
                key={link.to}
                label={link.label}
                onClick={() => onNavigate(link.to)}
                component="button"
              />
            ))}
            <NavLink label="Logout" component="button" onClick={onLogout} />
          </>
        )}
      </Stack>
    </Drawer>
  );
}
