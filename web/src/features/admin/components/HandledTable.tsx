import { Badge, Checkbox, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime } from '#web/shared/dates.ts';
import { type AdminColumn, AdminTable } from './AdminTable.tsx';

interface HandledItem {
  id: string;
  created_at: string;
  name: string;
  email: string;
  message: string;
  handled: boolean;
}

interface HandledTableProps<Item extends HandledItem> {
  items: Item[];
  /** What one row is called in the handled box's label: "message", "request". */
  noun: string;
  kind: (item: Item) => { label: string; color: string };
  /** A column between the sender and the message, when the rows have one. */
  extraColumn?: AdminColumn<Item>;
  /** Shown above the message text, such as its inquiry reasons. */
  aboveMessage?: (item: Item) => ReactNode;
  onHandledChange: (id: string, handled: boolean) => void;
}

/** Messages people sent us, newest first, each with a box the team ticks once it is dealt with. */
export function HandledTable<Item extends HandledItem>({
  items,
  noun,
  kind,
  extraColumn,
  aboveMessage,
  onHandledChange,
}: HandledTableProps<Item>) {
  return (
    <AdminTable
      rows={items}
      minWidth={760}
      verticalSpacing="sm"
      columns={[
        {
          header: 'Received',
          nowrap: true,
          cell: (item) => {
            const { label, color } = kind(item);
            return (
              <Stack gap={4}>
                <Text size="sm">{formatDateTime(item.created_at)}</Text>
                <Badge variant="light" color={color}>
                  {label}
                </Badge>
              </Stack>
            );
          },
        },
        {
          header: 'From',
          cell: (item) => (
            <>
              <Text size="sm" fw={500}>
                {item.name}
              </Text>
              <Text size="sm" c="gray.7">
                {item.email}
              </Text>
            </>
          ),
        },
        extraColumn,
        {
          header: 'Message',
          cell: (item) => (
            <>
              {aboveMessage?.(item)}
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {item.message}
              </Text>
            </>
          ),
        },
        {
          header: 'Handled',
          cell: (item) => (
            <Checkbox
              aria-label={`Handled: ${noun} from ${item.name}`}
              checked={item.handled}
              onChange={(event) => onHandledChange(item.id, event.currentTarget.checked)}
            />
          ),
        },
      ]}
    />
  );
}
