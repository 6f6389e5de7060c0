import { Button, List, Modal, Stack } from '@mantine/core';
import { chatMessages } from '#contract/vela.ts';

/** Shown first on every visit to the chat. */
export function VelaNoteModal(props: { opened: boolean; onClose(): void }) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={chatMessages.noteTitle} centered>
      <Stack>
        <List spacing="xs">
          {chatMessages.noteBody.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        <Button onClick={props.onClose} data-autofocus>
          I understand
        </Button>
      </Stack>
    </Modal>
  );
}
