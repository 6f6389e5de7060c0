import { Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAfterPageLoad } from '../use-after-page-load.ts';
import { BackgroundVideo } from './SiteVideo.tsx';

const cover = { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' } as const;

/**
 * The first thing a phone paints: a few kilobytes of still dawn, fetched first. Width and height
 * reserve its place (no layout shift); the ambient video comes over it only once the page has loaded.
 */
function HeroStill({ onLoad }: { onLoad: () => void }) {
  return (
    <picture>
      <source srcSet="/static/images/landscape-dawn.avif" type="image/avif" />
      <source srcSet="/static/images/landscape-dawn.webp" type="image/webp" />
      <img
        src="/static/images/landscape-dawn.jpg"
        alt=""
        width={1600}
        height={900}
        fetchPriority="high"
        decoding="async"
        onLoad={onLoad}
        ref={(image) => {
          // Cached, it may have loaded before React attached onLoad.
          if (image?.complete) onLoad();
        }}
        style={cover}
      />
    </picture>
  );
}

export function HeroSection() {
  const reduceMotion = useReducedMotion();
  const pageLoaded = useAfterPageLoad();
  const [stillShown, setStillShown] = useState(false);
  const showStill = () => setStillShown(true);
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
      <HeroStill onLoad={showStill} />
      {pageLoaded && stillShown && !reduceMotion && <BackgroundVideo name="ambient" />}
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
