import { Alert, Button, Container, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconCompass,
  IconInfoCircle,
  IconPlant2,
  IconSparkles,
  IconTarget,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { SiteVideo } from '../home/index.ts';

const benefits = [
  {
    icon: IconTarget,
    title: 'Set intentions',
    text: 'Name what you want to carry home from the road, and return to it day by day.',
  },
  {
    icon: IconCompass,
    title: 'Personalised guidance',
    text: 'Vela speaks in the language of your worldview, whether faith-based, agnostic or atheist, and remembers where you are on your journey.',
  },
  {
    icon: IconPlant2,
    title: 'Spiritual growth',
    text: 'Gentle questions and reflections that help the insights of the way take root in everyday life.',
  },
  {
    icon: IconUsers,
    title: 'Stay connected',
    text: 'Timely reminders for your Soul Story prompts, and a thread back to the community whenever you want it.',
  },
  {
    icon: IconSparkles,
    title: 'Support living within and beyond',
    text: 'Company for the inner life and for the outer one: the choices, relationships and service that follow a pilgrimage.',
  },
];

export default function LumenPage() {
  return (
    <Container size="lg" py={48}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} verticalSpacing="xl">
        <Stack gap="md" justify="center">
          <Title order={1}>Meet Vela</Title>
          <Text size="lg">
            Vela is a spiritual companion for the road home: an AI you can talk to about what your pilgrimage
            stirred up, at any hour, at your own pace.
          </Text>
          <Text>
            Named after a constellation of the southern sky, Vela does not steer for you. It listens, asks and
            helps you find your own bearings.
          </Text>
        </Stack>
        <SiteVideo name="vela" poster="/static/images/vela-sky.svg" label="An introduction to Vela" />
      </SimpleGrid>

      <Title order={2} mt={64} mb="lg">
        What Vela offers
      </Title>
      <List spacing="lg" listStyleType="none" styles={{ itemWrapper: { alignItems: 'flex-start' } }}>
        {benefits.map((benefit) => (
          <List.Item
            key={benefit.title}
            icon={
              <ThemeIcon size={40} radius="xl" variant="light" aria-hidden>
                <benefit.icon size={22} />
              </ThemeIcon>
            }
          >
            <Title order={3} size="h4">
              {benefit.title}
            </Title>
            <Text size="sm" maw={640}>
              {benefit.text}
            </Text>
          </List.Item>
        ))}
      </List>

      <Alert mt={48} icon={<IconInfoCircle aria-hidden />} title="A companion, not a counsellor" maw={760}>
        Vela is an AI. It is not a therapist, a doctor or a member of the clergy, and it can be wrong. If you
        are struggling, please reach out to someone you trust or to local emergency services.
      </Alert>

      <Button component={Link} to="/chatbot" size="lg" mt="xl">
        Chat with Vela
      </Button>
    </Container>
  );
}
