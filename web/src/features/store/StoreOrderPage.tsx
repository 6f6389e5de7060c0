import {
  Anchor,
  Button,
  Container,
  Grid,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { createOrderBody, type OrderSummary as Order, storeMessages } from '#contract/store.ts';
import { type TextField, TextFields } from '#web/shared/forms/TextFields.tsx';
import { ApiError, errorMessage } from '#web/shared/http.ts';
import { useSession } from '#web/shared/session.ts';
import { toast } from '#web/shared/toast.ts';
import { CardPayment, useStripeReadyDocument } from '../payments/index.ts';
import { useCreateOrder } from './api/create-order.ts';
import { type StoreProduct, useProducts } from './api/products.ts';
import { OrderSummary, type SummaryLine } from './components/OrderSummary.tsx';

/** Who the order goes to, in the order a parcel's label reads. */
const contactAndAddressInputs: readonly (TextField | TextField[])[] = [
  { path: 'name', label: 'Full name', autoComplete: 'name' },
  { path: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { path: 'address.line1', label: 'Address', autoComplete: 'address-line1' },
  { path: 'address.line2', label: 'Address line 2 (optional)', autoComplete: 'address-line2' },
  [
    { path: 'address.city', label: 'City', autoComplete: 'address-level2' },
    { path: 'address.postalCode', label: 'Postal code', autoComplete: 'postal-code' },
  ],
  { path: 'address.country', label: 'Country', autoComplete: 'country-name' },
];

type Step =
  | { name: 'details' }
  | { name: 'payment'; order: Order; clientSecret: string }
  | { name: 'confirmed'; order: Order };

const previewLine = (
  product: StoreProduct | undefined,
  size: string,
  quantity: unknown,
): SummaryLine | null => {
  if (!product) return null;
  const count = typeof quantity === 'number' && Number.isInteger(quantity) && quantity > 0 ? quantity : 1;
  return {
    productId: product.id,
    title: product.title,
    size: product.sizes.length > 0 ? size || null : null,
    quantity: count,
    unitPriceCents: product.priceCents,
    totalCents: product.priceCents * count,
  };
};

export default function StoreOrderPage() {
  useStripeReadyDocument();
  const [params] = useSearchParams();
  const session = useSession();
  const products = useProducts();
  const placeOrder = useCreateOrder();
  const [step, setStep] = useState<Step>({ name: 'details' });
  const form = useForm({
    initialValues: {
      productId: params.get('product') ?? 'tee-shirt',
      size: '',
      quantity: 1 as number | string,
      name: '',
      email: session.email ?? '',
      address: { line1: '', line2: '', city: '', postalCode: '', country: '' },
    },
  });
  const product = products.data?.find((item) => item.id === form.values.productId);

  const submit = form.onSubmit((values) => {
    const parsed = createOrderBody.safeParse({
      ...values,
      size: product && product.sizes.length > 0 ? values.size || undefined : undefined,
      address: { ...values.address, line2: values.address.line2 || undefined },
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) form.setFieldError(issue.path.join('.'), issue.message);
      return;
    }
    placeOrder.mutate(parsed.data, {
      onSuccess: ({ order, clientSecret }) => setStep({ name: 'payment', order, clientSecret }),
      onError: (error) => {
        if (error instanceof ApiError && error.field) form.setFieldError(error.field, error.message);
        toast('error', storeMessages.orderFailed, errorMessage(error, 'Please try again.'));
      },
    });
  });

  if (step.name === 'confirmed')
    return (
      <Container size="sm" py="xl">
        <Paper withBorder p="xl" radius="md" role="status">
          <Stack gap="sm" align="flex-start">
            <IconCircleCheck size={40} aria-hidden color="var(--mantine-color-sage-8)" />
            <Title order={1}>{storeMessages.confirmedTitle}</Title>
            <Text>Order reference: {step.order.reference}</Text>
            <Text>A confirmation is on its way to {form.values.email}.</Text>
            <OrderSummary line={step.order} heading="What you ordered" />
            <Anchor component={Link} to="/store">
              Back to the store
            </Anchor>
          </Stack>
        </Paper>
      </Container>
    );

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>Place your order</Title>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            {step.name === 'details' ? (
              <Paper withBorder p="lg" radius="md">
                <form onSubmit={submit} noValidate>
                  <Stack>
                    <Select
                      label="Item"
                      data={(products.data ?? []).map((item) => ({
                        value: item.id,
                        label: `${item.title} (${item.price})`,
                      }))}
                      allowDeselect={false}
                      {...form.getInputProps('productId')}
                    />
                    {product && product.sizes.length > 0 && (
                      <Select
                        label="Size"
                        placeholder="Choose a size"
                        data={product.sizes}
                        {...form.getInputProps('size')}
                      />
                    )}
                    <NumberInput
                      label="Quantity"
                      min={1}
                      max={10}
                      allowDecimal={false}
                      {...form.getInputProps('quantity')}
                    />
                    <TextFields form={form} fields={contactAndAddressInputs} />
                    <Button type="submit" loading={placeOrder.isPending} style={{ alignSelf: 'flex-start' }}>
                      Continue to payment
                    </Button>
                  </Stack>
                </form>
              </Paper>
            ) : (
              <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="payment-title">
                <Stack>
                  <Title order={2} size="h3" id="payment-title">
                    Payment
                  </Title>
                  <CardPayment
                    clientSecret={step.clientSecret}
                    billing={{ email: form.values.email, name: form.values.name }}
                    payLabel="Pay Now"
                    onPaid={() => setStep({ name: 'confirmed', order: { ...step.order, status: 'paid' } })}
                  />
                  <Button
                    variant="subtle"
                    onClick={() => setStep({ name: 'details' })}
                    style={{ alignSelf: 'flex-start' }}
                  >
                    Change my order
                  </Button>
                </Stack>
              </Paper>
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <OrderSummary
              line={
                step.name === 'payment'
                  ? step.order
                  : previewLine(product, form.values.size, form.values.quantity)
              }
            />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
