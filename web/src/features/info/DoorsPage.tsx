import { Button, Container, Image, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export default function DoorsPage() {
  return (
    <Container size="sm" py={64}>
      <Stack align="center" ta="center" gap="lg">
        <Image
          src="/static/images/place-to-explore.svg"
          alt="An arched doorway opening onto a path through green hills"
          radius="md"
          maw={420}
        />
        <Title order={1}>The Doors</Title>
        <Text size="lg">We are still working on this door, please see us soon</Text>
        <Button component={Link} to="/#seven-doors" variant="light">
          Back to the Doors
        </Button>
      </Stack>
    </Container>
  );
}
