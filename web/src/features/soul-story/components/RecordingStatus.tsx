import { Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import { type RecordingProgress, uploadedPercent } from '../recording-upload.ts';

interface Props {
  progress: RecordingProgress;
}

/**
 * How much of a take being recorded is kept and uploaded. The figures change every second, so they are not
 * read out; a screen reader hears only when the connection is lost or returns.
 */
export function RecordingStatus({ progress }: Props) {
  const percent = uploadedPercent(progress);
  const kept = progress.inMemory ? 'Kept in this tab' : 'Saved to your device';
  return (
    <Stack gap={4} w="100%" maw={480}>
      <Progress value={percent} size="sm" aria-label="Uploaded while recording" />
      <Text size="sm" ta="center" aria-live="off">
        {progress.waiting ? `${kept} · waiting for a connection` : `${kept} · ${percent}% uploaded`}
      </Text>
      <VisuallyHidden role="status">
        {progress.waiting
          ? 'The connection is lost. Your recording is kept and will upload when it returns.'
          : 'Your recording is uploading as you record.'}
      </VisuallyHidden>
    </Stack>
  );
}
