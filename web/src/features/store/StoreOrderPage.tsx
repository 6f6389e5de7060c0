import { Container, Title } from '@mantine/core';

export default function StoreOrderPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Place your order</Title>
    </Container>
  );
}
