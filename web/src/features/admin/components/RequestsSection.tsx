import { Badge, Checkbox, Stack, Table, Text, Title } from '@mantine/core';
import { joinAudiences, volunteerAreas } from '../../../../../contract/community.ts';
import { useCommunityRequests, useSetRequestHandled } from '../api/inbox.ts';
import { formatDateTime } from './dates.ts';
import { SectionState } from './SectionState.tsx';

const interestLabel = (value: string) =>
  [...joinAudiences, ...volunteerAreas].find((option) => option.value === value)?.label ?? value;

export function RequestsSection() {
  const requests = useCommunityRequests();
  const setHandled = useSetRequestHandled();
  return (
    <Stack gap="md">
      <Title order={2}>Join and volunteer requests</Title>
      <SectionState query={requests} empty="No requests yet." isEmpty={(data) => data.length === 0}>
        {(data) => (
          <Table.ScrollContainer minWidth={760}>
            <Table striped verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Received</Table.Th>
                  <Table.Th>From</Table.Th>
                  <Table.Th>Interest</Table.Th>
                  <Table.Th>Message</Table.Th>
                  <Table.Th>Handled</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((request) => (
                  <Table.Tr key={request.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Stack gap={4}>
                        <Text size="sm">{formatDateTime(request.createdAt)}</Text>
                        <Badge variant="light" color={request.kind === 'join' ? 'sage' : 'blue'}>
                          {request.kind === 'join' ? 'Join' : 'Volunteer'}
                        </Badge>
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {request.name}
                      </Text>
                      <Text size="sm" c="gray.7">
                        {request.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>{interestLabel(request.interest)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                        {request.message}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Handled: request from ${request.name}`}
                        checked={request.handled}
                        onChange={(event) =>
                          setHandled.mutate({ id: request.id, handled: event.currentTarget.checked })
                        }
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </SectionState>
    </Stack>
  );
}
