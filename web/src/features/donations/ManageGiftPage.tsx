import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useParams } from 'react-router';
import {
  type DonationFrequency,
  donationMessages,
  formatPounds,
  frequencyLabels,
} from '#contract/donation-terms.ts';
import type { GiftStatus } from '#contract/donations.ts';
import { formatReaderLongDate } from '#web/shared/dates.ts';
import { errorMessage } from '#web/shared/http.ts';
import { toast } from '#web/shared/toast.ts';
import { useCancelGift, useCustomerPortal, useGift } from './api/manage-gift.ts';

const statusLabels: Record<GiftStatus, { label: string; color: string }> = {
  pending: { label: 'Awaiting first payment', color: 'gray' },
  active: { label: 'Active', color: 'sage' },
  completed: { label: 'Received', color: 'sage' },
  past_due: { label: 'Payment overdue', color: 'orange' },
  canceled: { label: 'Cancelled', color: 'gray' },
  failed: { label: 'Payment failed', color: 'red' },
  refunded: { label: 'Refunded', color: 'gray' },
};

const giftName = (frequency: DonationFrequency) =>
  frequency === 'one-time' ? 'one-time gift' : `${frequencyLabels[frequency].toLowerCase()} gift`;

/** Reached from the signed link in a receipt: see the gift, cancel a recurring one, no password needed. */
export default function ManageGiftPage() {
  const { token = '' } = useParams();
  const gift = useGift(token);
  const cancel = useCancelGift(token);
  const portal = useCustomerPortal(token);
  const [confirming, confirmation] = useDisclosure(false);

  if (gift.isPending)
    return (
      <Container size="sm" py="xl">
        <Loader aria-label="Loading your gift" />
      </Container>
    );
  if (gift.isError)
    return (
      <Container size="sm" py="xl">
        <Stack>
          <Title order={1}>Your gift</Title>
          <Alert color="red" role="alert">
            {errorMessage(gift.error, donationMessages.giftNotFound)}
          </Alert>
        </Stack>
      </Container>
    );

  const view = gift.data;
  const status = statusLabels[view.status];
  const cancelGift = () => {
    confirmation.close();
    cancel.mutate(undefined, {
      onSuccess: () => toast('success', donationMessages.canceled),
      onError: (error) => toast('error', 'Cancellation failed', errorMessage(error, 'Please try again.')),
    });
  };
  const openPortal = () =>
    portal.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) =>
        toast('error', 'Could not open card management', errorMessage(error, 'Please try again.')),
    });

  return (
    <Container size="sm" py="xl">
      <Modal
        opened={confirming}
        onClose={confirmation.close}
        title={`Cancel your ${giftName(view.frequency)}?`}
      >
        <Stack>
          <Text size="sm">No further payments will be taken. Thank you for all you have given.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={confirmation.close}>
              Keep my gift
            </Button>
            <Button color="red" onClick={cancelGift}>
              Cancel my gift
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Stack gap="lg">
        <Title order={1}>Your gift</Title>
        <Paper withBorder p="lg" radius="md">
          <Stack gap="sm">
            <Group justify="space-between">
              <Text size="xl" fw={600}>
                {formatPounds(view.amountPence)}{' '}
                {view.frequency === 'one-time' ? 'once' : frequencyLabels[view.frequency].toLowerCase()}
              </Text>
              <Badge color={status.color} size="lg" variant="light">
                {status.label}
              </Badge>
            </Group>
            <Text c="gray.7">Started {formatReaderLongDate(view.createdAt)}</Text>
            {view.canceledAt && <Text c="gray.7">Cancelled {formatReaderLongDate(view.canceledAt)}</Text>}
            {view.reward && view.status !== 'canceled' && <Text>Your supporter reward: {view.reward}</Text>}
            {view.status === 'canceled' && <Text role="status">{donationMessages.canceled}</Text>}
            <Group>
              {view.canCancel && (
                <Button color="red" variant="outline" onClick={confirmation.open} loading={cancel.isPending}>
                  Cancel my {giftName(view.frequency)}
                </Button>
              )}
              {view.portalAvailable && view.status !== 'canceled' && (
                <Button variant="light" onClick={openPortal} loading={portal.isPending}>
                  Update my card
                </Button>
              )}
            </Group>
          </Stack>
        </Paper>
        {view.payments.length > 0 && (
          <Stack gap="xs">
            <Title order={2} size="h3">
              Payments
            </Title>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Amount</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {view.payments.map((payment) => (
                  <Table.Tr key={`${payment.createdAt}-${payment.status}`}>
                    <Table.Td>{formatReaderLongDate(payment.createdAt)}</Table.Td>
                    <Table.Td>{formatPounds(payment.amountPence)}</Table.Td>
                    <Table.Td>
                      {payment.status === 'succeeded'
                        ? 'Paid'
                        : payment.status === 'failed'
                          ? 'Failed'
                          : 'Refunded'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
