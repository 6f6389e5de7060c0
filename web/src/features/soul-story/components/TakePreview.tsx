import { Alert, Box, Button, Group, Image, Stack, TextInput } from '@mantine/core';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { MAX_TITLE_LENGTH } from '#contract/soul-story.ts';
import type { SendState } from '../send-kept.ts';
import { previewFrame } from './LiveCamera.tsx';
import { SendingStatus } from './SendingStatus.tsx';

export interface Take {
  kind: 'video' | 'photo';
  blob: Blob;
  url: string;
  extension: string;
  title: string;
}

interface Props {
  take: Take;
  /** Where the take is on its way to the server while saving, else null. */
  sending: SendState | null;
  inMemory: boolean;
  failure: string | null;
  /** What to show before Save: how much of a recorded take is already uploaded. */
  status?: ReactNode;
  onTitleChange: (title: string) => void;
  onDiscard: () => void;
  onSave: () => void;
}

/** A take waiting to be saved; it is kept on the device until the server has confirmed it. */
export function TakePreview({
  take,
  sending,
  inMemory,
  failure,
  status,
  onTitleChange,
  onDiscard,
  onSave,
}: Props) {
  const saving = sending !== null;
  return (
    <Stack gap="sm" align="center">
      {take.kind === 'video' ? (
        <Box style={{ ...previewFrame, background: 'black', borderRadius: 8, overflow: 'hidden' }}>
          {/* biome-ignore lint/a11y/useMediaCaption: a take not saved yet has no captions; they are written in its memory card once it is saved. */}
          <video
            src={take.url}
            controls
            playsInline
            aria-label={`Preview of ${take.title}`}
            style={{ width: '100%', height: '100%', objectFit: 'contain' }}
          />
        </Box>
      ) : (
        <>
          <Image src={take.url} alt="Preview of your photo" maw={480} radius="md" />
          <TextInput
            label="Photo title"
            description="Give your photo a title; it is shown in your keepsake."
            withAsterisk
            w="100%"
            maw={480}
            maxLength={MAX_TITLE_LENGTH}
            value={take.title}
            disabled={saving}
            onChange={(event) => onTitleChange(event.currentTarget.value)}
          />
        </>
      )}
      {sending ? <SendingStatus kind={take.kind} state={sending} inMemory={inMemory} /> : status}
      {failure && !saving && (
        <Alert color="red" title="Upload Failed" w="100%" maw={480}>
          {failure} Your {take.kind === 'video' ? 'recording' : 'photo'} is still here: press Save to My Story
          to try again.
        </Alert>
      )}
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconTrash size={16} />}
          onClick={onDiscard}
          disabled={sending?.step === 'uploading'}
        >
          Discard
        </Button>
        <Button leftSection={<IconDeviceFloppy size={16} />} onClick={onSave} loading={saving}>
          Save to My Story
        </Button>
      </Group>
    </Stack>
  );
}
