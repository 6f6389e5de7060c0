import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { NotificationItem } from '#contract/notifications.ts';
import { formatDateTime } from '#web/shared/dates.ts';

function Message({ item }: { item: NotificationItem }) {
  return (
    <Card withBorder padding="sm" component="li" bg={item.read ? undefined : 'sage.0'}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600}>
              {item.link ? (
                <Anchor component={Link} to={item.link} inherit>
                  {item.title}
                </Anchor>
              ) : (
                item.title
              )}
            </Text>
            {!item.read && (
              <Badge size="sm" color="sage" variant="filled">
                New
              </Badge>
            )}
          </Group>
          <Text size="sm">{item.message}</Text>
        </Stack>
        <Text
          size="xs"
          c="gray.7"
          style={{ whiteSpace: 'nowrap' }}
          component="time"
          dateTime={item.created_at}
        >
          {formatDateTime(item.created_at)}
        </Text>
      </Group>
    </Card>
  );
}

export function RecentMessages({ items }: { items: NotificationItem[] }) {
  return (
    <Stack component="section" aria-labelledby="messages-heading" gap="sm">
      <Title order={2} size="h3" id="messages-heading">
        Recent Messages
      </Title>
      {items.length === 0 ? (
        <Card withBorder padding="lg">
          <Stack align="center" gap="sm">
            <Text fw={500}>No messages yet</Text>
            <Text size="sm" c="gray.7" ta="center">
              Record your first reflection and your news will gather here.
            </Text>
            <Button component={Link} to="/soul-story">
              Begin Your Story
            </Button>
          </Stack>
        </Card>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <Message key={item.id} item={item} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
