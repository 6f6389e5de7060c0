import { Anchor, Button, Card, Container, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';

const logos = [
  {
    title: 'Full logo',
    preview: '/static/brand/logo.svg',
    files: [
      { label: 'SVG', href: '/static/brand/logo.svg' },
      { label: 'PNG', href: '/static/brand/logo.png' },
    ],
  },
  {
    title: 'Mark',
    preview: '/static/brand/logo-mark.svg',
    files: [
      { label: 'SVG', href: '/static/brand/logo-mark.svg' },
      { label: 'PNG', href: '/static/brand/logo-mark.png' },
    ],
  },
];

export default function PressPage() {
  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Title order={1}>Press</Title>

        <section>
          <Title order={2} mb="sm">
            Who we are
          </Title>
          <Stack gap="sm">
            <Text>
              Pilgrim Soul is an online community for pilgrims and seekers after the journey. It began with a
              simple observation: people return from the Camino de Santiago and other pilgrim ways changed,
              and then find few places to talk about it.
            </Text>
            <Text>
              Members record Soul Stories, guided video reflections that become a keepsake film; talk with
              Vela, an AI companion that adapts to their worldview; and gather through six community doors,
              from small circles to shared meals and service projects. Pilgrim Soul is non-denominational and
              donation-based in its early stages.
            </Text>
          </Stack>
        </section>

        <section>
          <Title order={2} mb="sm">
            Press contact
          </Title>
          <Text mb="md">
            For interviews, stories from our community or background on the project, please write to us
            through our contact form and mention that you are a journalist. We reply within 48 hours.
          </Text>
          <Group>
            <Button component={Link} to="/contact">
              Contact the team
            </Button>
            <Anchor component={Link} to="/about">
              Meet the people behind Pilgrim Soul
            </Anchor>
          </Group>
        </section>

        <section>
          <Title order={2} mb="sm">
            Logo downloads
          </Title>
          <Text mb="md">
            Please use the logo as supplied, on a light background, without changing its colours or
            proportions.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {logos.map((logo) => (
              <Card key={logo.title} withBorder padding="lg">
                <Card.Section bg="gray.0" p="lg">
                  <Image
                    src={logo.preview}
                    alt={`Pilgrim Soul ${logo.title.toLowerCase()}`}
                    h={72}
                    fit="contain"
                  />
                </Card.Section>
                <Title order={3} size="h5" mt="md">
                  {logo.title}
                </Title>
                <Group mt="sm" gap="xs">
                  {logo.files.map((file) => (
                    <Button
                      key={file.href}
                      component="a"
                      href={file.href}
                      download
                      variant="light"
                      size="xs"
                      leftSection={<IconDownload size={16} aria-hidden />}
                      aria-label={`Download ${logo.title} ${file.label}`}
                    >
                      {file.label}
                    </Button>
                  ))}
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        </section>
      </Stack>
    </Container>
  );
}
