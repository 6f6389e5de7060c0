import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { accountLinks } from './navigation.ts';

export interface AccountMenuProps {
  displayName: string;
  avatarUrl: string | null;
  onLogout(): void;
}

/** The signed-in pilgrim's menu; loaded only for signed-in visitors. */
export default function AccountMenu({ displayName, avatarUrl, onLogout }: AccountMenuProps) {
  return (
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
        <Menu.Item onClick={onLogout}>Logout</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
