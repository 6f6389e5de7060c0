import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Vibe, vibeLabel, vibes, worldviewMessages } from '#contract/vela.ts';
import { formatLongDate } from '#web/shared/dates.ts';
import { toast } from '#web/shared/toast.ts';
import { eraseWorldview } from './api/erase-worldview.ts';
import { useChatConfig } from './api/get-chat-config.ts';
import { useJourney } from './api/get-journey.ts';
import { velaKeys } from './api/keys.ts';

const isVibe = (value: unknown): value is Vibe => vibes.includes(value as Vibe);

/** What worldview is stored and since when consent was given, with the way to withdraw it. */
export function WorldviewCard() {
  const queryClient = useQueryClient();
  const journey = useJourney();
  const config = useChatConfig();
  const [erasing, setErasing] = useState(false);
  if (!journey.data) return null;
  const vibe = isVibe(journey.data.vibe) ? journey.data.vibe : null;
  const consentAt = journey.data.vibe_consent_at;
  const label = vibe ? vibeLabel(vibe, config.data?.teacher_name ?? '') : '';

  const erase = async () => {
    setErasing(true);
    try {
      await eraseWorldview();
      toast('success', worldviewMessages.withdrawn);
      await queryClient.invalidateQueries({ queryKey: velaKeys.journey() });
    } catch {
      toast('error', worldviewMessages.eraseFailed);
    } finally {
      setErasing(false);
    }
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="worldview-title">
      <Group justify="space-between" align="center">
        <Stack gap={4} style={{ flex: 1, minWidth: 240 }}>
          <Title order={2} size="h3" id="worldview-title">
            {worldviewMessages.cardTitle}
          </Title>
          <Text size="sm">
            {!vibe
              ? worldviewMessages.noneStored
              : consentAt
                ? worldviewMessages.storedWithConsent(label, formatLongDate(consentAt))
                : worldviewMessages.storedWithoutConsent(label)}
          </Text>
        </Stack>
        {vibe && (
          <Button variant="default" color="red" onClick={erase} loading={erasing}>
            {consentAt ? worldviewMessages.withdraw : worldviewMessages.erase}
          </Button>
        )}
      </Group>
    </Card>
  );
}
