import { Button, Container, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function SoulStorySection() {
  return (
    <Container component="section" aria-labelledby="soul-story-title" size="lg" py={64}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} verticalSpacing="xl">
        <Image
          src="/static/images/soul-story.svg"
          alt="An open journal holding a video still and a scallop shell"
          radius="md"
        />
        <Stack gap="md" justify="center">
          <Title id="soul-story-title" order={2}>
            Soul Story Door
          </Title>
          <Text fz="xl" fw={600} c="sage.8" ff="heading">
            Reflect. Record. Relive.
          </Text>
          <Text>
            Four gentle prompts (The Call, The Suffering, The Joy and What Found You) invite you to speak
            about your journey on camera. Add up to three photos, arrange it all in the order that feels true,
            and we will weave it into one keepsake film to watch, download and share.
          </Text>
          <Button component={Link} to="/soul-story" size="md" w="fit-content">
            Start your Story
          </Button>
        </Stack>
      </SimpleGrid>
    </Container>
  );
}
