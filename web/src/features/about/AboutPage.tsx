import {
  BackgroundImage,
  Box,
  Button,
  Card,
  Container,
  Image,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCompass, IconEar, IconHeartHandshake } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { preload } from 'react-dom';
import { Link } from 'react-router';
import { SiteVideo } from '../home/index.ts';
import { PersonCard } from './components/PersonCard.tsx';
import { mentors, team } from './people.ts';

const approach = [
  {
    icon: IconEar,
    title: 'Listening before telling',
    text: 'We start from your experience, not from an answer. Prompts, circles and Vela are built to help you hear yourself.',
  },
  {
    icon: IconCompass,
    title: 'Every path is welcome',
    text: 'Religious, spiritual, searching or simply curious: no belief is required here and none is looked down on.',
  },
  {
    icon: IconHeartHandshake,
    title: 'Slow, kind and private',
    text: 'Your stories belong to you. We keep the pace gentle, the space respectful and your memories out of sight unless you share them.',
  },
];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Container component="section" aria-labelledby={id} size="lg" py={48}>
      <Title id={id} order={2} mb="lg">
        {title}
      </Title>
      {children}
    </Container>
  );
}

const HERO_BACKGROUND = '/static/images/landscape-dawn.svg';

export default function AboutPage() {
  // The hero's background is the page's largest paint, but a background is found only once styles
  // apply; a preload link (in the page's first screen) asks for it with the stylesheet.
  preload(HERO_BACKGROUND, { as: 'image', fetchPriority: 'high' });
  return (
    <>
      <BackgroundImage src={HERO_BACKGROUND} component="section" aria-labelledby="about-title">
        <Stack
          mih={380}
          justify="center"
          align="center"
          ta="center"
          px="md"
          py={64}
          bg="rgba(20, 32, 26, 0.55)"
        >
          <Title id="about-title" order={1} c="white" fz={{ base: 36, sm: 48 }}>
            Who we are
          </Title>
          <Text c="white" size="lg" maw={640}>
            A small community for people who have walked a pilgrimage and want to keep walking, inwardly, once
            they are home.
          </Text>
        </Stack>
      </BackgroundImage>

      <Section id="mission-title" title="Our Mission">
        <Text size="lg" maw={760}>
          Pilgrimage changes people, and then it ends. Our mission is to help pilgrims carry what they found
          on the road into ordinary life: to remember it well, to make sense of it with others and to let it
          keep shaping how they live and serve.
        </Text>
      </Section>

      <Section id="explore-title" title="A Place to Explore">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48}>
          <Stack gap="md">
            <Text>
              Pilgrim Soul is built around doors. Each one opens onto a different way of continuing the
              journey: spiritual direction, small circles, learning, shared meals, service and prayer.
            </Text>
            <Text>
              Behind the seventh door is your own Soul Story, a keepsake film made from your reflections and
              photos. And whenever you want to think something through, Vela, our AI companion, is there to
              listen.
            </Text>
            <Text>
              Wander at your own pace. Nothing here expires, and you can come back whenever the road calls
              again.
            </Text>
          </Stack>
          <Image
            src="/static/images/place-to-explore.svg"
            alt="An open arched doorway looking out over green hills and a path at sunrise"
            radius="md"
          />
        </SimpleGrid>
      </Section>

      <Box bg="sage.0">
        <Section id="approach-title" title="Our Approach">
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
            {approach.map((item) => (
              <Card key={item.title} withBorder padding="lg">
                <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
                  <item.icon size={24} />
                </ThemeIcon>
                <Title order={3} size="h4" mt="md">
                  {item.title}
                </Title>
                <Text size="sm" mt="xs">
                  {item.text}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </Section>
      </Box>

      <Section id="team-title" title="Meet the Team">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {team.map((person) => (
            <PersonCard key={person.name} person={person} />
          ))}
        </SimpleGrid>
      </Section>

      <Section id="founder-video-title" title="A word from our founder">
        <Box maw={760}>
          <SiteVideo
            name="founder"
            poster="/static/images/landscape-dawn.svg"
            label="A word from the founder of Pilgrim Soul"
          />
        </Box>
      </Section>

      <Section id="mentors-title" title="Meet the Mentors">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {mentors.map((person) => (
            <PersonCard key={person.name} person={person} />
          ))}
        </SimpleGrid>
      </Section>

      <Container size="lg" py={48} ta="center">
        <Button component={Link} to="/#seven-doors" size="lg">
          Open the Seven Doors
        </Button>
      </Container>
    </>
  );
}
