import { Button, Group, Loader, Text } from '@mantine/core';
import { IconBadgeCc, IconDownload } from '@tabler/icons-react';
import { CAPTIONED_KEEPSAKE_FILE_NAME, type ConcatenatedResponse } from '#contract/soul-story.ts';
import { useRequestCaptioned } from '../api/request-captioned.ts';

/**
 * The keepsake with its words drawn on the picture, for the apps that ignore a subtitle track: offered
 * once a take has captions, made on request, then downloaded (and shared) in place of the plain one.
 */
export function CaptionedCopy({ keepsake }: { keepsake: ConcatenatedResponse }) {
  const request = useRequestCaptioned();
  if (keepsake.captioned_video_url)
    return (
      <Button
        component="a"
        href={keepsake.captioned_video_url}
        download={CAPTIONED_KEEPSAKE_FILE_NAME}
        variant="light"
        leftSection={<IconDownload size={18} />}
      >
        Download with captions (.mp4)
      </Button>
    );
  if (!keepsake.captions_url || keepsake.status !== 'ready') return null;
  if (request.isSuccess)
    return (
      <Group gap="sm" role="status">
        <Loader size="xs" />
        <Text size="sm">Drawing the captions on your video…</Text>
      </Group>
    );
  return (
    <Button
      variant="light"
      leftSection={<IconBadgeCc size={18} />}
      loading={request.isPending}
      onClick={() => request.mutate()}
    >
      Make a copy with the captions on the picture
    </Button>
  );
}
