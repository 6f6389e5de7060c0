import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlayerStopFilled } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { MAX_VIDEO_SECONDS } from '#contract/soul-story.ts';
import { formatSeconds } from '../media.ts';

export const previewFrame = { width: '100%', maxWidth: 480, aspectRatio: '16 / 9' } as const;

interface Props {
  stream: MediaStream;
  promptName: string;
  onStop: () => void;
}

/** The recording view: a mirrored live preview, like a mirror, with the elapsed time and Stop Recording. */
export function LiveCamera({ stream, promptName, onStop }: Props) {
  const video = useRef<HTMLVideoElement>(null);
  const [elapsed, setElapsed] = useState(0);

  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);

  useEffect(() => {
    const started = Date.now();
    const timer = window.setInterval(() => setElapsed((Date.now() - started) / 1000), 250);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(() => {
    if (elapsed >= MAX_VIDEO_SECONDS) onStop();
  }, [elapsed, onStop]);

  return (
    <Stack gap="sm" align="center">
      <Box style={{ ...previewFrame, background: 'black', borderRadius: 8, overflow: 'hidden' }}>
        <video
          ref={video}
          autoPlay
          muted
          playsInline
          aria-label={`Live camera preview for ${promptName}`}
          style={{ width: '100%', height: '100%', objectFit: 'cover', transform: 'scaleX(-1)' }}
        />
      </Box>
      <Group gap="sm">
        <Text size="sm" c="red.8" fw={600} role="timer" aria-live="off">
          ● Recording {formatSeconds(elapsed)}
        </Text>
        <Button color="red" leftSection={<IconPlayerStopFilled size={16} />} onClick={onStop}>
          Stop Recording
        </Button>
      </Group>
    </Stack>
  );
}
