import { Alert, Box, Button, Group, Image, Progress, Stack, Text, TextInput } from '@mantine/core';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { MAX_TITLE_LENGTH } from '#contract/soul-story.ts';
import { previewFrame } from './LiveCamera.tsx';

export interface Take {
  kind: 'video' | 'photo';
  blob: Blob;
  url: string;
  extension: string;
  title: string;
}

interface Props {
  take: Take;
  /** Upload progress in percent while saving, else null. */
  progress: number | null;
  failure: string | null;
  onTitleChange: (title: string) => void;
  onDiscard: () => void;
  onSave: () => void;
}

/** A take waiting to be saved; it stays in the browser until the server has confirmed it. */
export function TakePreview({ take, progress, failure, onTitleChange, onDiscard, onSave }: Props) {
  const saving = progress !== null;
  return (
    <Stack gap="sm" align="center">
      {take.kind === 'video' ? (
        <Box style={{ ...previewFrame, background: 'black', borderRadius: 8, overflow: 'hidden' }}>
          {/* biome-ignore lint/a11y/useMediaCaption: a person's own fresh recording has no captions to offer. */}
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
      {saving && (
        <Stack gap={4} w="100%" maw={480}>
          <Progress value={progress} animated aria-label="Upload progress" />
          <Text size="sm" ta="center" aria-live="polite">
            Uploading… {progress}%
          </Text>
        </Stack>
      )}
      {failure && !saving && (
        <Alert color="red" title="Upload Failed" w="100%" maw={480}>
          {failure} Your {take.kind === 'video' ? 'recording' : 'photo'} is still here: press Save to My Story
          to try again.
        </Alert>
      )}
      <Group gap="sm">
        <Button variant="default" leftSection={<IconTrash size={16} />} onClick={onDiscard} disabled={saving}>
          Discard
        </Button>
        <Button leftSection={<IconDeviceFloppy size={16} />} onClick={onSave} loading={saving}>
          Save to My Story
        </Button>
      </Group>
    </Stack>
  );
}
