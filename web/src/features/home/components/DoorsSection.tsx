import { Box, Button, Card, Container, Image, SimpleGrid, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { doors } from '#contract/doors.ts';

export function DoorsSection() {
  return (
    <Box
      component="section"
      id="seven-doors"
      aria-labelledby="doors-title"
      bg="sage.0"
      py={64}
      style={{ scrollMarginTop: 'var(--app-shell-header-height, 64px)' }}
    >
      <Container size="lg">
        <Title id="doors-title" order={2} ta="center">
          Discover our Doors
        </Title>
        <Text ta="center" c="dimmed" maw={640} mx="auto" mt="sm" mb="xl">
          Six ways to keep walking together after the road, and a seventh that is yours alone: your Soul
          Story.
        </Text>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {doors.map((door) => (
            <Card key={door.id} h={350} withBorder shadow="sm" padding="lg">
              <Card.Section>
                <Image src={door.image} alt="" h={160} fit="cover" />
              </Card.Section>
              <Title order={3} size="h4" mt="md">
                {door.title}
              </Title>
              <Text size="sm" c="dimmed" mt={6} lineClamp={3}>
                {door.description}
              </Text>
              {/* The door's name is part of the link's text, so the six links read apart to a screen
                  reader and to a search engine alike. */}
              <Button component={Link} to={door.link} variant="light" mt="auto">
                Learn More<VisuallyHidden> about {door.title}</VisuallyHidden>
              </Button>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
