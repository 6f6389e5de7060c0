import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandWhatsapp,
  IconBrandX,
  IconCopy,
  IconLinkOff,
  IconShare,
  IconShare2,
} from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { soulStoryMessages } from '#contract/soul-story.ts';
import { MutationButton } from '#web/shared/MutationButton.tsx';
import { toast } from '#web/shared/toast.ts';
import { useShareKeepsake } from '../api/share-keepsake.ts';
import { useStopSharing } from '../api/stop-sharing.ts';
import { shareTargets } from '../share-links.ts';
import {
  fetchKeepsakeFile,
  hasShareSheet,
  isShareCancelled,
  isShareTooLate,
  keepsakeShareData,
  sharesVideoFiles,
} from '../share-sheet.ts';

interface Props {
  shareUrl: string | null;
  /** The keepsake to send as a file where the share sheet takes one: the captioned version when there is one. */
  videoUrl: string;
}

/** Sharing is opt-in: the public link exists only once the owner creates it, and can be withdrawn. */
export function ShareControls({ shareUrl, videoUrl }: Props) {
  const share = useShareKeepsake();
  const stop = useStopSharing();
  const linkInput = useRef<HTMLInputElement>(null);
  const [videoFile, setVideoFile] = useState<{ url: string; file: File } | null>(null);
  const [preparing, setPreparing] = useState(false);

  if (!shareUrl) {
    return (
      <Stack gap="xs" align="center">
        <Text size="sm" c="gray.7" ta="center">
          Sharing creates a private link: anyone who has it can watch your Soul Story, until you stop sharing.
        </Text>
        <MutationButton variant="light" leftSection={<IconShare size={16} />} mutation={share}>
          Share My Story
        </MutationButton>
      </Stack>
    );
  }

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shareUrl);
    } catch {
      // Without clipboard permission, the selected text is copied the older way.
      linkInput.current?.select();
      document.execCommand('copy');
    }
    toast('success', soulStoryMessages.linkCopied);
  };

  /** The system share sheet, with the link and, where it takes files, the video itself. */
  const openShareSheet = async () => {
    if (!hasShareSheet(navigator)) return;
    let file = videoFile?.url === videoUrl ? videoFile.file : null;
    if (!file && sharesVideoFiles()) {
      setPreparing(true);
      try {
        file = await fetchKeepsakeFile(videoUrl);
        setVideoFile({ url: videoUrl, file });
      } catch {
        // The link alone still brings the video to whoever opens it.
      } finally {
        setPreparing(false);
      }
    }
    try {
      await navigator.share(keepsakeShareData(shareUrl, file));
    } catch (error) {
      if (isShareCancelled(error)) return;
      if (isShareTooLate(error) && file) {
        toast('info', 'Your video is ready to send', 'Press Share again to choose where.');
        return;
      }
      toast('error', 'Sharing failed', 'Please try again, or copy the link.');
    }
  };

  const targets = shareTargets(shareUrl);
  const external = {
    component: 'a',
    target: '_blank',
    rel: 'noopener noreferrer',
    variant: 'light',
  } as const;

  return (
    <Stack gap="sm" w="100%" maw={560}>
      <TextInput
        ref={linkInput}
        label="Your share link"
        value={shareUrl}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
      />
      <Group gap="xs" justify="center">
        {hasShareSheet(navigator) && (
          <Button leftSection={<IconShare2 size={16} />} onClick={openShareSheet} loading={preparing}>
            Share
          </Button>
        )}
        <Button
          {...external}
          href={targets.facebook}
          color="blue"
          leftSection={<IconBrandFacebook size={16} />}
        >
          Facebook
        </Button>
        <Button {...external} href={targets.twitter} color="dark" leftSection={<IconBrandX size={16} />}>
          Twitter
        </Button>
        <Button
          {...external}
          href={targets.whatsapp}
          color="green"
          leftSection={<IconBrandWhatsapp size={16} />}
        >
          WhatsApp
        </Button>
        <Button variant="light" leftSection={<IconCopy size={16} />} onClick={copy}>
          Copy Link
        </Button>
      </Group>
      <Group justify="center">
        <MutationButton variant="subtle" color="red" leftSection={<IconLinkOff size={16} />} mutation={stop}>
          Stop Sharing
        </MutationButton>
      </Group>
    </Stack>
  );
}
