import { Card, Image, Text, Title } from '@mantine/core';
import type { Person } from '../people.ts';

export function PersonCard({ person }: { person: Person }) {
  return (
    <Card withBorder padding="lg" radius="md">
      <Card.Section>
        <Image
          src={person.portrait}
          alt={`Illustrated portrait of ${person.name}`}
          h={220}
          fit="cover"
          style={{ objectPosition: 'center 30%' }}
        />
      </Card.Section>
      <Title order={3} size="h4" mt="md">
        {person.name}
      </Title>
      <Text size="sm" fw={600} c="sage.8">
        {person.role}
      </Text>
      <Text size="sm" mt="xs">
        {person.bio}
      </Text>
    </Card>
  );
}
