import { BackgroundImage, Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function VelaSection() {
  return (
    <section aria-labelledby="vela-title">
      <BackgroundImage src="/static/images/vela-sky.svg">
        <Container size="lg" py={96}>
          <Stack
            gap="md"
            maw={560}
            p="xl"
            bg="rgba(20, 28, 51, 0.72)"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          >
            <Title id="vela-title" order={2} c="white">
              Vela, a companion for the way home
            </Title>
            <Text c="white">
              Vela is named after a constellation sailors steered by. It is an AI companion that listens, asks
              good questions and helps you set intentions as you carry the road into everyday life, in the
              language of your own worldview.
            </Text>
            <Button component={Link} to="/lumen" size="md" variant="white" c="sage.9" w="fit-content">
              Begin your journey
            </Button>
          </Stack>
        </Container>
      </BackgroundImage>
    </section>
  );
}
