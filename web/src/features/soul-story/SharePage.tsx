import { Box, Button, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { soulStoryMessages } from '#contract/soul-story.ts';
import { useSharedKeepsake } from './api/get-shared-keepsake.ts';

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
              {/* biome-ignore lint/a11y/useMediaCaption: the keepsake is made of a pilgrim's own uncaptioned recordings. */}
              <video
                src={keepsake.video_url}
                poster={keepsake.poster_url}
                controls
                playsInline
                preload="metadata"
                aria-label={keepsake.title}
                style={{ width: '100%', height: '100%', display: 'block' }}
              />
            </Box>
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
