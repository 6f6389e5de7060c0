import {
  Alert,
  Box,
  Button,
  Card,
  Container,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { useProducts } from './api/products.ts';
import { productImages } from './product-images.ts';

function Hero() {
  return (
    <Box
      component="section"
      aria-labelledby="store-title"
      py={{ base: 48, md: 80 }}
      style={{
        background: 'linear-gradient(135deg, var(--mantine-color-sage-9), var(--mantine-color-sage-7))',
      }}
    >
      <Container size="lg">
        <Stack gap="sm" maw={640}>
          <Title order={1} id="store-title" c="white">
            The Pilgrim Soul Store
          </Title>
          <Text size="lg" c="white">
            Carry a little of the Camino with you. Every purchase helps keep Pilgrim Soul free for every
            pilgrim.
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}

export default function StorePage() {
  const products = useProducts();
  return (
    <>
      <Hero />
      <Container size="lg" py="xl">
        {products.isPending && <Loader aria-label="Loading the store" />}
        {products.isError && (
          <Alert color="red" role="alert">
            The store could not be loaded. Please try again.
          </Alert>
        )}
        {products.data && (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {products.data.map((product) => (
              <Card key={product.id} withBorder radius="md" padding="lg" component="article">
                <Card.Section>
                  <Image src={productImages[product.id]} alt="" h={220} fit="cover" />
                </Card.Section>
                <Stack gap="xs" mt="md">
                  <Title order={2} size="h3">
                    {product.title}
                  </Title>
                  <Text fw={600} size="lg">
                    {product.price}
                  </Text>
                  <Button
                    component={Link}
                    to={`${product.link}?product=${product.id}`}
                    aria-label={`Order now: ${product.title}`}
                  >
                    Order now
                  </Button>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Container>
    </>
  );
}
