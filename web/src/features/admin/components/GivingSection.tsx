import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import { formatPounds, frequencyLabels } from '../../../../../contract/donations.ts';
import { formatDollars } from '../../../../../contract/store.ts';
import { useDonations, useOrders } from '../api/reports.ts';
import { formatDateTime } from './dates.ts';
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
            <Table.ScrollContainer minWidth={640}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Email</Table.Th>
                    <Table.Th>Frequency</Table.Th>
                    <Table.Th>Amount</Table.Th>
                    <Table.Th>Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.map((donation) => (
                    <Table.Tr key={donation.id}>
                      <Table.Td>{formatDateTime(donation.createdAt)}</Table.Td>
                      <Table.Td>{donation.email ?? '—'}</Table.Td>
                      <Table.Td>
                        {frequencyLabels[donation.frequency as keyof typeof frequencyLabels] ??
                          donation.frequency}
                      </Table.Td>
                      <Table.Td>{formatPounds(donation.amountPence)}</Table.Td>
                      <Table.Td>
                        <Badge variant="light">{donation.status}</Badge>
                        {donation.failureReason && (
                          <Text size="xs" c="red.8">
                            {donation.failureReason}
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </SectionState>
      </Stack>
      <Stack gap="md">
        <Title order={2}>Store orders</Title>
        <SectionState query={orders} empty="No orders yet." isEmpty={(data) => data.length === 0}>
          {(data) => (
            <Table.ScrollContainer minWidth={760}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Reference</Table.Th>
                    <Table.Th>Item</Table.Th>
                    <Table.Th>Total</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Ship to</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.map((order) => (
                    <Table.Tr key={order.id}>
                      <Table.Td>
                        <Text size="sm">{order.reference}</Text>
                        <Text size="xs" c="gray.7">
                          {formatDateTime(order.createdAt)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {order.quantity} × {order.title}
                        {order.size ? ` (${order.size})` : ''}
                      </Table.Td>
                      <Table.Td>{formatDollars(order.totalCents)}</Table.Td>
                      <Table.Td>
                        <Badge variant="light">{order.status}</Badge>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          {order.name} · {order.email}
                        </Text>
                        <Text size="xs" c="gray.7">
                          {[
                            order.address.line1,
                            order.address.line2,
                            order.address.city,
                            order.address.postalCode,
                            order.address.country,
                          ]
                            .filter(Boolean)
                            .join(', ')}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </SectionState>
      </Stack>
    </Stack>
  );
}
