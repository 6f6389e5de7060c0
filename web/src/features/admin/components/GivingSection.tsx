import { Badge, Stack, Text, Title } from '@mantine/core';
import { formatPounds, frequencyLabels } from '#contract/donation-terms.ts';
import { formatDollars } from '#contract/store.ts';
import { formatDateTime } from '#web/shared/dates.ts';
import { useDonations, useOrders } from '../api/reports.ts';
import { AdminTable } from './AdminTable.tsx';
import { SectionState } from './SectionState.tsx';

export function GivingSection() {
  const donations = useDonations();
  const orders = useOrders();
  return (
    <Stack gap="xl">
      <Stack gap="md">
        <Title order={2}>Donations</Title>
        <SectionState query={donations} empty="No donations yet." isEmpty={(data) => data.length === 0}>
          {(data) => (
            <AdminTable
              rows={data}
              minWidth={640}
              columns={[
                { header: 'Date', cell: (donation) => formatDateTime(donation.created_at) },
                { header: 'Email', cell: (donation) => donation.email ?? '—' },
                {
                  header: 'Frequency',
                  cell: (donation) =>
                    frequencyLabels[donation.frequency as keyof typeof frequencyLabels] ?? donation.frequency,
                },
                { header: 'Amount', cell: (donation) => formatPounds(donation.amount_pence) },
                {
                  header: 'Status',
                  cell: (donation) => (
                    <>
                      <Badge variant="light">{donation.status}</Badge>
                      {donation.failure_reason && (
                        <Text size="xs" c="red.8">
                          {donation.failure_reason}
                        </Text>
                      )}
                    </>
                  ),
                },
              ]}
            />
          )}
        </SectionState>
      </Stack>
      <Stack gap="md">
        <Title order={2}>Store orders</Title>
        <SectionState query={orders} empty="No orders yet." isEmpty={(data) => data.length === 0}>
          {(data) => (
            <AdminTable
              rows={data}
              minWidth={760}
              columns={[
                {
                  header: 'Reference',
                  cell: (order) => (
                    <>
                      <Text size="sm">{order.reference}</Text>
                      <Text size="xs" c="gray.7">
                        {formatDateTime(order.created_at)}
                      </Text>
                    </>
                  ),
                },
                {
                  header: 'Item',
                  cell: (order) => (
                    <>
                      {order.quantity} × {order.title}
                      {order.size ? ` (${order.size})` : ''}
                    </>
                  ),
                },
                { header: 'Total', cell: (order) => formatDollars(order.total_cents) },
                { header: 'Status', cell: (order) => <Badge variant="light">{order.status}</Badge> },
                {
                  header: 'Ship to',
                  cell: (order) => (
                    <>
                      <Text size="sm">
                        {order.name} · {order.email}
                      </Text>
                      <Text size="xs" c="gray.7">
                        {[
                          order.address.line1,
                          order.address.line2,
                          order.address.city,
                          order.address.postal_code,
                          order.address.country,
                        ]
                          .filter(Boolean)
                          .join(', ')}
                      </Text>
                    </>
                  ),
                },
              ]}
            />
          )}
        </SectionState>
      </Stack>
    </Stack>
  );
}
