import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMail } from '@tabler/icons-react';
import { formatDateTime } from '#web/shared/dates.ts';
import { useSubscribers } from '../api/reports.ts';
import { AdminTable } from './AdminTable.tsx';
import { ExportButton } from './ExportButton.tsx';
import { LetterDialog } from './LetterDialog.tsx';
import { SectionState } from './SectionState.tsx';

const statusColor = { pending: 'yellow', confirmed: 'sage', unsubscribed: 'gray' } as const;

export function SubscribersSection() {
  const subscribers = useSubscribers();
  const confirmed = subscribers.data?.filter((subscriber) => subscriber.status === 'confirmed').length ?? 0;
  const [writing, letter] = useDisclosure(false);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Newsletter subscribers</Title>
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={<IconMail size={16} />}
            onClick={letter.open}
            disabled={confirmed === 0}
          >
            Write a letter
          </Button>
          <ExportButton
            path="/api/admin/subscribers/export.csv"
            filename="subscribers.csv"
            label="Export CSV"
          />
        </Group>
      </Group>
      <LetterDialog opened={writing} onClose={letter.close} confirmed={confirmed} />
      <SectionState query={subscribers} empty="No subscribers yet." isEmpty={(data) => data.length === 0}>
        {(data) => (
          <>
            <Text c="gray.7">
              {confirmed} confirmed of {data.length}
            </Text>
            <AdminTable
              rows={data}
              minWidth={600}
              columns={[
                { header: 'Email', cell: (subscriber) => subscriber.email },
                {
                  header: 'Status',
                  cell: (subscriber) => (
                    <Badge variant="light" color={statusColor[subscriber.status]}>
                      {subscriber.status}
                    </Badge>
                  ),
                },
                { header: 'Asked', cell: (subscriber) => formatDateTime(subscriber.subscribed_at) },
                { header: 'Confirmed', cell: (subscriber) => formatDateTime(subscriber.confirmed_at) },
              ]}
            />
          </>
        )}
      </SectionState>
    </Stack>
  );
}
