import { Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { SiteVideo } from './SiteVideo.tsx';

export function WelcomeSection() {
  return (
    <Container component="section" aria-labelledby="welcome-title" size="lg" py={64}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} verticalSpacing="xl">
        <Stack gap="md" justify="center">
          <Title id="welcome-title" order={2}>
            Welcome home
          </Title>
          <Text size="lg">
            Coming back from a pilgrimage can feel strange. The body returns quickly; the rest of you takes
            longer. Whether you walked the Camino, another ancient way or a road of your own, you are welcome
            here.
          </Text>
          <Text>
            Pilgrim Soul helps you keep the story, keep asking the questions that opened along the way and
            find others who know the feeling of a pack set down for the last time. No particular faith is
            assumed, and none is excluded.
          </Text>
        </Stack>
        <SiteVideo
          name="welcome"
          poster="/static/images/landscape-dawn.svg"
          label="A welcome from Pilgrim Soul"
        />
      </SimpleGrid>
    </Container>
  );
}
