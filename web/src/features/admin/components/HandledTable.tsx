import { Badge, Checkbox, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime } from './dates.ts';

interface HandledItem {
  id: string;
  createdAt: string;
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
  extraColumn?: { header: string; cell: (item: Item) => ReactNode };
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
    <Table.ScrollContainer minWidth={760}>
      <Table striped verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Received</Table.Th>
            <Table.Th>From</Table.Th>
            {extraColumn && <Table.Th>{extraColumn.header}</Table.Th>}
            <Table.Th>Message</Table.Th>
            <Table.Th>Handled</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const { label, color } = kind(item);
            return (
              <Table.Tr key={item.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Stack gap={4}>
                    <Text size="sm">{formatDateTime(item.createdAt)}</Text>
                    <Badge variant="light" color={color}>
                      {label}
                    </Badge>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {item.name}
                  </Text>
                  <Text size="sm" c="gray.7">
                    {item.email}
                  </Text>
                </Table.Td>
                {extraColumn && <Table.Td>{extraColumn.cell(item)}</Table.Td>}
                <Table.Td>
                  {aboveMessage?.(item)}
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {item.message}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={`Handled: ${noun} from ${item.name}`}
                    checked={item.handled}
                    onChange={(event) => onHandledChange(item.id, event.currentTarget.checked)}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
