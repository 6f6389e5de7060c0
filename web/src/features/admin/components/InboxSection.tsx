import { Badge, Checkbox, Group, Stack, Table, Text, Title } from '@mantine/core';
import { inquiryTypes } from '../../../../../contract/contact.ts';
import { useContactMessages, useSetMessageHandled } from '../api/inbox.ts';
import { formatDateTime } from './dates.ts';
import { SectionState } from './SectionState.tsx';

const reasonLabel = (value: string) => inquiryTypes.find((type) => type.value === value)?.label ?? value;

export function InboxSection() {
  const messages = useContactMessages();
  const setHandled = useSetMessageHandled();
  return (
    <Stack gap="md">
      <Title order={2}>Contact and inquiry inbox</Title>
      <SectionState query={messages} empty="No messages yet." isEmpty={(data) => data.length === 0}>
        {(data) => (
          <Table.ScrollContainer minWidth={760}>
            <Table striped verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Received</Table.Th>
                  <Table.Th>From</Table.Th>
                  <Table.Th>Message</Table.Th>
                  <Table.Th>Handled</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((message) => (
                  <Table.Tr key={message.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Stack gap={4}>
                        <Text size="sm">{formatDateTime(message.createdAt)}</Text>
                        <Badge variant="light" color={message.kind === 'inquiry' ? 'blue' : 'gray'}>
                          {message.kind === 'inquiry' ? 'Inquiry' : 'Contact'}
                        </Badge>
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {message.name}
                      </Text>
                      <Text size="sm" c="gray.7">
                        {message.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {message.inquiryTypes.length > 0 && (
                        <Group gap={4} mb={4}>
                          {message.inquiryTypes.map((type) => (
                            <Badge key={type} size="sm" variant="outline">
                              {reasonLabel(type)}
                            </Badge>
                          ))}
                        </Group>
                      )}
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                        {message.message}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Handled: message from ${message.name}`}
                        checked={message.handled}
                        onChange={(event) =>
                          setHandled.mutate({ id: message.id, handled: event.currentTarget.checked })
                        }
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </SectionState>
    </Stack>
  );
}
