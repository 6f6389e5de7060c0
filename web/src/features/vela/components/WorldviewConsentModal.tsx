import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { worldviewMessages } from '#contract/vela.ts';
import { BlockingModal } from './BlockingModal.tsx';

/** Asks once per visit about a vibe stored without recorded consent (saved by another client). */
export function WorldviewConsentModal(props: {
  opened: boolean;
  label: string;
  onKeep(): Promise<void>;
  onDecline(): Promise<void>;
}) {
  const [busy, setBusy] = useState<'keep' | 'decline' | null>(null);
  const answer = async (choice: 'keep' | 'decline') => {
    setBusy(choice);
    try {
      await (choice === 'keep' ? props.onKeep() : props.onDecline());
    } finally {
      setBusy(null);
    }
  };
  return (
    <BlockingModal opened={props.opened} title={worldviewMessages.promptTitle}>
      <Stack>
        <Text>{worldviewMessages.prompt(props.label)}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => answer('decline')} loading={busy === 'decline'}>
            {worldviewMessages.decline}
          </Button>
          <Button onClick={() => answer('keep')} loading={busy === 'keep'} disabled={busy === 'decline'}>
            {worldviewMessages.keep}
          </Button>
        </Group>
      </Stack>
    </BlockingModal>
  );
}
