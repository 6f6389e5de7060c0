import { Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDollars } from '#contract/store.ts';
import { productImages } from '../product-images.ts';

export interface SummaryLine {
  productId: string;
  title: string;
  size: string | null;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
}

export function OrderSummary({
  line,
  heading = 'Order summary',
}: {
  line: SummaryLine | null;
  heading?: string;
}) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="summary-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="summary-title">
          {heading}
        </Title>
        {line ? (
          <>
            <Group wrap="nowrap" align="flex-start">
              <Image src={productImages[line.productId]} alt="" w={96} h={72} radius="sm" />
              <Stack gap={2}>
                <Text fw={600}>{line.title}</Text>
                {line.size && <Text size="sm">Size: {line.size}</Text>}
                <Text size="sm">
                  {line.quantity} × {formatDollars(line.unitPriceCents)}
                </Text>
              </Stack>
            </Group>
            <Group justify="space-between">
              <Text fw={600}>Total</Text>
              <Text fw={700} data-testid="order-total">
                {formatDollars(line.totalCents)}
              </Text>
            </Group>
            <Text size="xs" c="gray.7">
              Prices in US dollars.
            </Text>
          </>
        ) : (
          <Text c="gray.7">Choose an item to see your total.</Text>
        )}
      </Stack>
    </Paper>
  );
}
