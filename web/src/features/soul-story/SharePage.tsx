import { Box, Button, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { CAPTIONED_KEEPSAKE_FILE_NAME, soulStoryMessages } from '#contract/soul-story.ts';
import { useSharedKeepsake } from './api/get-shared-keepsake.ts';

/** The captions' language by its own name (`Español`), as a player's captions menu lists it. */
const captionsLabel = (language: string | null) => {
  if (!language) return 'Captions';
  const name = new Intl.DisplayNames([language], { type: 'language' }).of(language);
  return name ? name.charAt(0).toLocaleUpperCase(language) + name.slice(1) : 'Captions';
};

/** The public page behind a share link: anyone with the link can watch, nobody needs an account. */
export default function SharePage() {
  const { token = '' } = useParams();
  const { data: keepsake, isPending, isError } = useSharedKeepsake(token);

  return (
    <Container size="md" py="xl">
      <Stack align="center" gap="lg">
        {isPending && <Loader aria-label="Loading the Soul Story" />}
        {isError && (
          <>
            <Title order={1}>A Soul Story</Title>
            <Text>{soulStoryMessages.shareNotFound}</Text>
          </>
        )}
        {keepsake && (
          <>
            <Title order={1} ta="center">
              {keepsake.title}
            </Title>
            {keepsake.owner_name && <Text c="gray.7">A pilgrimage keepsake by {keepsake.owner_name}</Text>}
            <Box w="100%" bg="black" style={{ aspectRatio: '16 / 9', borderRadius: 8, overflow: 'hidden' }}>
              {/* biome-ignore lint/a11y/useMediaCaption: a keepsake whose takes have no captions has no words to show. */}
              <video
                src={keepsake.video_url}
                poster={keepsake.poster_url}
                controls
                playsInline
                preload="metadata"
                aria-label={keepsake.title}
                style={{ width: '100%', height: '100%', display: 'block' }}
              >
                {keepsake.captions_url && (
                  <track
                    kind="captions"
                    default
                    src={keepsake.captions_url}
                    srcLang={keepsake.captions_language ?? undefined}
                    label={captionsLabel(keepsake.captions_language)}
                  />
                )}
              </video>
            </Box>
            {/* For the apps families watch in, which show no captions of their own: the words are in the picture. */}
            {keepsake.captioned_video_url && (
              <Button
                component="a"
                href={keepsake.captioned_video_url}
                download={CAPTIONED_KEEPSAKE_FILE_NAME}
                variant="light"
              >
                Download with captions (.mp4)
              </Button>
            )}
          </>
        )}
        {!isPending && (
          <Stack align="center" gap="xs" mt="md">
            <Text ta="center">Walked a pilgrimage of your own? Gather its memories into a Soul Story.</Text>
            <Button component={Link} to="/soul-story">
              Start your Story
            </Button>
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
