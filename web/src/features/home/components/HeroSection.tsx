import { Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { Link } from 'react-router';
import { BackgroundVideo } from './SiteVideo.tsx';

export function HeroSection() {
  const reduceMotion = useReducedMotion();
  return (
    <Box
      component="section"
      aria-labelledby="home-title"
      pos="relative"
      h="calc(100dvh - var(--app-shell-header-height, 64px))"
      mih={420}
      style={{ overflow: 'hidden' }}
      bg="#3b5670"
    >
      <BackgroundVideo name="ambient" poster="/static/images/landscape-dawn.svg" playing={!reduceMotion} />
      <Stack
        pos="absolute"
        inset={0}
        align="center"
        justify="center"
        gap="lg"
        px="md"
        ta="center"
        bg="linear-gradient(180deg, rgba(20, 32, 26, 0.55) 0%, rgba(20, 32, 26, 0.35) 55%, rgba(20, 32, 26, 0.7) 100%)"
      >
        <Title id="home-title" order={1} c="white" fz={{ base: 40, sm: 56 }} maw={760}>
          Welcome, pilgrim
        </Title>
        <Text c="white" fz={{ base: 'lg', sm: 'xl' }} maw={620}>
          The road ends, the journey does not. Pilgrim Soul is a home for what the way gave you: your story,
          your questions and the people who understand.
        </Text>
        <Group justify="center">
          <Button component={Link} to="#seven-doors" size="md" variant="white" c="sage.9">
            Discover our Doors
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}
