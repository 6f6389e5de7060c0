import { Badge, Group, Stack, Title } from '@mantine/core';
import { inquiryTypeLabel } from '#contract/contact.ts';
import { useContactMessages, useSetMessageHandled } from '../api/inbox.ts';
import { HandledTable } from './HandledTable.tsx';
import { SectionState } from './SectionState.tsx';

export function InboxSection() {
  const messages = useContactMessages();
  const setHandled = useSetMessageHandled();
  return (
    <Stack gap="md">
      <Title order={2}>Contact and inquiry inbox</Title>
      <SectionState query={messages} empty="No messages yet." isEmpty={(data) => data.length === 0}>
        {(data) => (
          <HandledTable
            items={data}
            noun="message"
            kind={(message) =>
              message.kind === 'inquiry'
                ? { label: 'Inquiry', color: 'blue' }
                : { label: 'Contact', color: 'gray' }
            }
            aboveMessage={(message) =>
              message.inquiry_types.length > 0 && (
                <Group gap={4} mb={4}>
                  {message.inquiry_types.map((type) => (
                    <Badge key={type} size="sm" variant="outline">
                      {inquiryTypeLabel(type)}
                    </Badge>
                  ))}
                </Group>
              )
            }
            onHandledChange={setHandled}
          />
        )}
      </SectionState>
    </Stack>
  );
}
