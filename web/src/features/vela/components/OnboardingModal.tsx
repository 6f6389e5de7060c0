import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { chatMessages, type Vibe, worldviewMessages } from '#contract/vela.ts';
import { isIsoDate, todayIso } from '#web/shared/dates.ts';
import { toast } from '#web/shared/toast.ts';
import { BlockingModal } from './BlockingModal.tsx';
import { DurationField, StartDateField, VibeField } from './JourneyFields.tsx';

export interface Journey {
  vibe: Vibe;
  startDate: string;
  duration: number;
  /** Explicit consent to keeping the vibe; without it the vibe serves this visit only. */
  rememberVibe: boolean;
}

const steps = ['intro', 'start_date', 'duration', 'vibe'] as const;
type Step = (typeof steps)[number];

const titles: Record<Step, string> = {
  intro: chatMessages.introTitle,
  start_date: chatMessages.startDateTitle,
  duration: chatMessages.durationTitle,
  vibe: chatMessages.vibeTitle,
};

/** First-time questions, one per dialog: intro, start date, duration, vibe; Continue moves on. */
export function OnboardingModal(props: {
  opened: boolean;
  teacherName: string;
  onFinish(journey: Journey): void;
}) {
  const [step, setStep] = useState<Step>('intro');
  const [startDate, setStartDate] = useState(todayIso());
  const [duration, setDuration] = useState<number | null>(null);
  const [vibe, setVibe] = useState<Vibe | null>(null);
  const [rememberVibe, setRememberVibe] = useState(false);
  const [dateError, setDateError] = useState<string | null>(null);

  const next = () => {
    if (step === 'start_date') {
      if (!startDate || !isIsoDate(startDate)) {
        toast('warning', chatMessages.selectDate);
        return;
      }
      if (startDate > todayIso()) {
        setDateError(chatMessages.startDateInFuture);
        return;
      }
    }
    if (step === 'duration' && duration === null) {
      toast('warning', chatMessages.selectDuration);
      return;
    }
    if (step === 'vibe') {
      if (!vibe) {
        toast('warning', chatMessages.selectVibe);
        return;
      }
      props.onFinish({ vibe, startDate, duration: duration ?? 7, rememberVibe });
      return;
    }
    setStep(steps[steps.indexOf(step) + 1]!);
  };

  return (
    <BlockingModal opened={props.opened} title={titles[step]}>
      <Stack>
        {step === 'intro' && <Text>{chatMessages.introBody}</Text>}
        {step === 'start_date' && (
          <StartDateField
            value={startDate}
            error={dateError}
            onChange={(value) => {
              setStartDate(value);
              setDateError(null);
            }}
          />
        )}
        {step === 'duration' && <DurationField value={duration} onChange={setDuration} />}
        {step === 'vibe' && (
          <>
            <VibeField value={vibe} onChange={setVibe} teacherName={props.teacherName} />
            <Checkbox
              label={worldviewMessages.consentLabel}
              description={worldviewMessages.consentDetail}
              checked={rememberVibe}
              onChange={(event) => setRememberVibe(event.currentTarget.checked)}
            />
          </>
        )}
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Step {steps.indexOf(step) + 1} of {steps.length}
          </Text>
          <Button onClick={next}>Continue</Button>
        </Group>
      </Stack>
    </BlockingModal>
  );
}
