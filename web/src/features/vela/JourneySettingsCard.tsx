import { Button, Card, Group, Stack, Switch } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { chatMessages } from '#contract/vela.ts';
import { isIsoDate, todayIso } from '#web/shared/dates.ts';
import { SectionHeading } from '#web/shared/SectionHeading.tsx';
import { toast } from '#web/shared/toast.ts';
import { useJourney } from './api/get-journey.ts';
import { velaKeys } from './api/keys.ts';
import { browserTimeZone, saveJourney } from './api/save-journey.ts';
import { scheduleReminders } from './api/schedule-reminders.ts';
import { DurationField, StartDateField } from './components/JourneyFields.tsx';

export const journeySettingsMessages = {
  title: 'Your journey',
  description: 'Vela and your Soul Story prompts use these details. Saving plans your reminders again.',
  reminderEmails: 'Email me my Soul Story prompts',
  saved: 'Journey settings saved',
} as const;

/**
 * The spec's "set it up later in the profile": start date, duration and reminder emails. The vibe has a
 * card of its own (WorldviewCard), as it is kept only with consent.
 */
export function JourneySettingsCard() {
  const journey = useJourney();
  if (!journey.data) return null;
  return (
    <JourneySettingsForm
      // Saving the Camino record on the same page changes these two: the form starts again from them.
      key={`${journey.data.camino_start_date}/${journey.data.camino_duration}`}
      initial={{
        startDate: journey.data.camino_start_date ?? todayIso(),
        duration: journey.data.camino_duration,
        reminderEmails: journey.data.reminder_emails,
      }}
    />
  );
}

function JourneySettingsForm(props: {
  initial: { startDate: string; duration: number | null; reminderEmails: boolean };
}) {
  const queryClient = useQueryClient();
  const [startDate, setStartDate] = useState(props.initial.startDate);
  const [duration, setDuration] = useState(props.initial.duration);
  const [reminderEmails, setReminderEmails] = useState(props.initial.reminderEmails);
  const [dateError, setDateError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!startDate || !isIsoDate(startDate)) return toast('warning', chatMessages.selectDate);
    if (startDate > todayIso()) return setDateError(chatMessages.startDateInFuture);
    if (duration === null) return toast('warning', chatMessages.selectDuration);
    setSaving(true);
    try {
      await saveJourney({
        camino_start_date: startDate,
        camino_duration: duration,
        reminder_emails: reminderEmails,
        time_zone: browserTimeZone(),
      });
    } catch {
      setSaving(false);
      return toast('warning', chatMessages.preferencesNotSaved);
    }
    toast('success', journeySettingsMessages.saved);
    try {
      await scheduleReminders(startDate, duration);
      toast('success', chatMessages.promptsScheduled);
    } catch {
      toast('warning', chatMessages.schedulingFailed);
    }
    setSaving(false);
    await queryClient.invalidateQueries({ queryKey: velaKeys.journey() });
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="journey-settings-title">
      <Stack>
        <SectionHeading id="journey-settings-title" title={journeySettingsMessages.title}>
          {journeySettingsMessages.description}
        </SectionHeading>
        <StartDateField
          value={startDate}
          error={dateError}
          onChange={(value) => {
            setStartDate(value);
            setDateError(null);
          }}
        />
        <DurationField value={duration} onChange={setDuration} />
        <Switch
          label={journeySettingsMessages.reminderEmails}
          checked={reminderEmails}
          onChange={(event) => setReminderEmails(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button onClick={save} loading={saving}>
            Save journey
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
