import { Stack, Title } from '@mantine/core';
import { joinAudiences, volunteerAreas } from '#contract/community.ts';
import { useCommunityRequests, useSetRequestHandled } from '../api/inbox.ts';
import { HandledTable } from './HandledTable.tsx';
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
          <HandledTable
            items={data}
            noun="request"
            kind={(request) =>
              request.kind === 'join'
                ? { label: 'Join', color: 'sage' }
                : { label: 'Volunteer', color: 'blue' }
            }
            extraColumn={{ header: 'Interest', cell: (request) => interestLabel(request.interest) }}
            onHandledChange={setHandled}
          />
        )}
      </SectionState>
    </Stack>
  );
}
