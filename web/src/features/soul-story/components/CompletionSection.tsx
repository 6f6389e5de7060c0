import { Alert, Box, Button, Card, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect } from 'react';
import { KEEPSAKE_FILE_NAME, soulStoryMessages } from '#contract/soul-story.ts';
import { useKeepsake } from '../api/get-keepsake.ts';
import { useKeepsakeEvents } from '../api/keepsake-events.ts';
import { CaptionedCopy } from './CaptionedCopy.tsx';
import { ShareControls } from './ShareControls.tsx';

function Generating({ progress }: { progress: number }) {
  return (
    <Stack gap="xs" align="center" w="100%" maw={480}>
      <Group gap="sm">
        <Loader size="sm" />
        <Text fw={500}>{soulStoryMessages.generating}</Text>
      </Group>
      <Progress value={progress} w="100%" animated aria-label="Final video progress" />
      <Text size="sm" c="gray.7">
        {progress}%
      </Text>
    </Stack>
  );
}

/** Shown once all four prompts have a take: the keepsake as it renders, then to watch, download and share. */
export function CompletionSection() {
  const live = useKeepsakeEvents();
  const { data: keepsake, error } = useKeepsake(live);
  useEffect(() => {
    if (error) console.warn('Could not load the final video', error);
  }, [error]);
  const videoUrl = keepsake?.video_url ?? null;
  const rendering = keepsake?.status === 'rendering';

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="complete-heading" bg="sage.0">
      <Stack align="center" gap="md">
        <Title order={2} id="complete-heading" ta="center">
          {soulStoryMessages.complete}
        </Title>
        {!videoUrl && keepsake?.status === 'failed' && (
          <Alert color="red" title="Your final video could not be made" w="100%" maw={480}>
            Something went wrong while joining your memories. Saving, moving or deleting a memory starts it
            again.
          </Alert>
        )}
        {!videoUrl && keepsake?.status !== 'failed' && <Generating progress={keepsake?.progress ?? 0} />}
        {videoUrl && (
          <>
            {rendering && (
              <Text size="sm" c="gray.7">
                Updating your video with your latest changes… {keepsake?.progress ?? 0}%
              </Text>
            )}
            <Box
              w="100%"
              maw={720}
              bg="black"
              style={{ aspectRatio: '16 / 9', borderRadius: 8, overflow: 'hidden' }}
            >
              {/* biome-ignore lint/a11y/useMediaCaption: the track is there once a take has captions. */}
              <video
                key={videoUrl}
                src={videoUrl}
                poster={keepsake?.poster_url ?? undefined}
                controls
                playsInline
                preload="metadata"
                aria-label="Your Soul Story video"
                style={{ width: '100%', height: '100%', display: 'block' }}
              >
                {keepsake?.captions_url && (
                  <track kind="captions" src={keepsake.captions_url} label="Captions" default />
                )}
              </video>
            </Box>
            <Button
              component="a"
              href={videoUrl}
              download={KEEPSAKE_FILE_NAME}
              size="md"
              leftSection={<IconDownload size={18} />}
            >
              Download (.mp4)
            </Button>
            {keepsake && <CaptionedCopy keepsake={keepsake} />}
            <ShareControls
              shareUrl={keepsake?.share_url ?? null}
              videoUrl={keepsake?.captioned_video_url ?? videoUrl}
            />
          </>
        )}
      </Stack>
    </Card>
  );
}
