import { Box, Loader, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { ChatEntry } from '../chat-entry.ts';
import { SafetyReply } from './SafetyReply.tsx';

/** The conversation, kept scrolled to the newest message; finished replies are announced to screen readers. */
export function MessageList(props: { entries: ChatEntry[]; waiting: boolean; nationality: string | null }) {
  const end = useRef<HTMLDivElement>(null);
  const last = props.entries.at(-1);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  });
  const announced = last && last.role === 'assistant' && !last.streaming ? last.content : '';
  return (
    <Box
      role="log"
      aria-label="Conversation with Vela"
      style={{ overflowY: 'auto', maxHeight: '60vh', minHeight: 240 }}
      p="xs"
    >
      <Stack gap="sm">
        {props.entries.map((entry) => (
          <Paper
            key={entry.id}
            p="sm"
            radius="lg"
            withBorder={entry.role === 'assistant'}
            bg={entry.role === 'user' ? 'sage.0' : undefined}
            maw="85%"
            ml={entry.role === 'user' ? 'auto' : 0}
            data-role={entry.role}
          >
            <VisuallyHidden>{entry.role === 'user' ? 'You said:' : 'Vela said:'}</VisuallyHidden>
            {entry.safety ? (
              <SafetyReply
                group={entry.safety}
                content={entry.content}
                nationality={props.nationality}
                {...(entry.helpline ? { helpline: entry.helpline } : {})}
              />
            ) : (
              <Text style={{ whiteSpace: 'pre-wrap' }}>{entry.content}</Text>
            )}
          </Paper>
        ))}
        {props.waiting && !last?.streaming && <Loader size="sm" aria-label="Vela is thinking" />}
        <div ref={end} />
      </Stack>
      <VisuallyHidden aria-live="polite" aria-atomic="true">
        {announced}
      </VisuallyHidden>
    </Box>
  );
}
