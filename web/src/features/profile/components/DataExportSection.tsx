import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { exportMessages } from '#contract/account.ts';
import { formatLongDate } from '#web/shared/dates.ts';
import { errorMessage } from '#web/shared/http.ts';
import { MutationButton } from '#web/shared/MutationButton.tsx';
import { useAccountExport, useRequestAccountExport } from '../api/account-export.ts';

const megabytes = (bytes: number) => `${Math.max(0.1, bytes / 1_000_000).toFixed(1)} MB`;

/** Asks for a copy of everything the account holds, shows it being prepared, then links the zip. */
export function DataExportSection() {
  const current = useAccountExport();
  const request = useRequestAccountExport();
  const status = current.data?.status;
  const ask = (
    <MutationButton
      variant={status === 'failed' ? 'filled' : 'light'}
      leftSection={<IconDownload size={16} aria-hidden />}
      mutation={request}
    >
      {status === 'failed'
        ? exportMessages.retry
        : status === 'ready'
          ? exportMessages.again
          : exportMessages.button}
    </MutationButton>
  );

  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Your data
        </Title>
        <Text size="sm" c="gray.7">
          {exportMessages.explanation}
        </Text>
        {(status === 'queued' || status === 'building') && (
          <Group gap="xs" role="status">
            <Loader size="xs" aria-hidden />
            <Text size="sm">{exportMessages.preparing}</Text>
          </Group>
        )}
        {status === 'ready' && current.data?.download_url && (
          <Group justify="space-between" role="status">
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {exportMessages.ready}
              </Text>
              <Text size="sm" c="gray.7">
                {current.data.size_bytes !== null ? `${megabytes(current.data.size_bytes)}, ` : ''}
                link valid until {formatLongDate(current.data.expires_at)}
              </Text>
            </Stack>
            <Button
              component="a"
              href={current.data.download_url}
              download
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              {exportMessages.download}
            </Button>
          </Group>
        )}
        {status === 'failed' && (
          <Alert color="red" variant="light" title={exportMessages.failed}>
            Please try again in a moment.
          </Alert>
        )}
        {request.isError && (
          <Text size="sm" c="red.8" role="alert">
            {errorMessage(request.error, exportMessages.failed)}
          </Text>
        )}
        {(status === 'none' || status === 'failed' || status === 'ready' || current.isError) && (
          <Group>{ask}</Group>
        )}
      </Stack>
    </Card>
  );
}
