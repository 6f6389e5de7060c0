import { Anchor, Card, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { groupNeedsHelpline, type Helpline, SAFETY_REPLY, type SafetyGroup } from '#contract/vela.ts';
import { useHelplines } from '../api/get-helplines.ts';

function HelplineDetails({ line, group }: { line: Helpline; group: SafetyGroup }) {
  const service = group === 'abuse' ? (line.abuse ?? line.crisis) : line.crisis;
  return (
    <Stack gap={4}>
      {service && (
        <Text size="sm">
          {service.name}:{' '}
          <Anchor href={`tel:${service.phone.replace(/[^\d+]/g, '')}`} fw={600}>
            {service.phone}
          </Anchor>
        </Text>
      )}
      {line.emergency && (
        <Text size="sm">
          Emergency:{' '}
          <Anchor href={`tel:${line.emergency}`} fw={600}>
            {line.emergency}
          </Anchor>
        </Text>
      )}
      <Text size="sm">
        Anywhere in the world:{' '}
        <Anchor href={line.directory.url} target="_blank" rel="noreferrer">
          {line.directory.name}
        </Anchor>
      </Text>
    </Stack>
  );
}

/**
 * The server's crisis reply for self-harm, the fixed safety message otherwise; for self-harm and abuse, a
 * helpline for the pilgrim's country, which they can change.
 */
export function SafetyReply(props: {
  group: SafetyGroup;
  content: string;
  nationality: string | null;
  helpline?: Helpline;
}) {
  const { data } = useHelplines();
  const [country, setCountry] = useState<string | null>(props.helpline?.country ?? props.nationality);
  const message = props.group === 'selfHarm' ? props.content : SAFETY_REPLY;
  if (!groupNeedsHelpline(props.group)) return <Text>{message}</Text>;
  const all = data ? [...data.helplines, data.international] : [];
  const line =
    all.find((entry) => entry.country === country?.toUpperCase()) ?? props.helpline ?? data?.international;
  return (
    <Stack gap="sm">
      <Text>{message}</Text>
      {line && (
        <Card withBorder padding="sm" radius="md" role="group" aria-label="Helpline">
          <Stack gap="xs">
            <Text fw={600}>Support in {line.country_name}</Text>
            <HelplineDetails line={line} group={props.group} />
            {all.length > 0 && (
              <Select
                label="Not in this country? Choose another"
                size="xs"
                searchable
                data={all.map((entry) => ({ value: entry.country, label: entry.country_name }))}
                value={line.country}
                onChange={(value) => value && setCountry(value)}
                allowDeselect={false}
              />
            )}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
