import { Alert, Progress, Stack, Text } from '@mantine/core';
import type { SendState } from '../send-kept.ts';

interface Props {
  kind: 'video' | 'photo';
  state: SendState;
  /** The browser could not store a copy, so only this tab holds it. */
  inMemory: boolean;
}

/** Where a take or photo is on its way to the server, announced to screen readers as it changes. */
export function SendingStatus({ kind, state, inMemory }: Props) {
  const waiting = inMemory ? 'Waiting for a connection' : 'Saved on this device · waiting for a connection';
  return (
    <Stack gap={4} w="100%" maw={480}>
      {state.step === 'uploading' && <Progress value={state.percent} animated aria-label="Upload progress" />}
      <Text size="sm" ta="center" role="status">
        {state.step === 'uploading' ? `Uploading… ${state.percent}%` : waiting}
      </Text>
      {inMemory && (
        <Alert color="yellow" variant="light">
          This browser cannot keep a copy of your {kind === 'video' ? 'reflection' : 'photo'}; keep this tab
          open until it has uploaded.
        </Alert>
      )}
    </Stack>
  );
}
