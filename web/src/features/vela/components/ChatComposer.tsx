import { Button, Group, Textarea } from '@mantine/core';
import { useState } from 'react';
import { MAX_MESSAGE_LENGTH } from '#contract/vela.ts';
import { bindText } from '#web/shared/forms/bind-text.ts';

/** Enter sends, Shift+Enter starts a new line; Send waits while Vela is answering. */
export function ChatComposer(props: { waiting: boolean; onSend(text: string): void }) {
  const [text, setText] = useState('');
  const send = () => {
    if (props.waiting || !text.trim()) return;
    props.onSend(text);
    setText('');
  };
  return (
    <Group align="flex-end" wrap="nowrap">
      <Textarea
        style={{ flex: 1 }}
        label="Your message"
        placeholder="Write to Vela…"
        autosize
        minRows={1}
        maxRows={6}
        maxLength={MAX_MESSAGE_LENGTH}
        {...bindText(text, setText)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            send();
          }
        }}
      />
      <Button onClick={send} disabled={props.waiting}>
        Send
      </Button>
    </Group>
  );
}
