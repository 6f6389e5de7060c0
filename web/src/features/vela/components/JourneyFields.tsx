import { Radio, Stack, TextInput } from '@mantine/core';
import { durationOptions, type Vibe, vibeLabel, vibes } from '#contract/vela.ts';
import { todayIso } from '#web/shared/dates.ts';

export function StartDateField(props: {
  value: string;
  onChange(value: string): void;
  error?: string | null;
}) {
  return (
    <TextInput
      type="date"
      label="Start date"
      description="The day you took your first steps"
      value={props.value}
      max={todayIso()}
      required
      error={props.error ?? undefined}
      onChange={(event) => props.onChange(event.currentTarget.value)}
    />
  );
}

export function DurationField(props: { value: number | null; onChange(value: number): void }) {
  return (
    <Radio.Group
      label="Duration"
      value={props.value === null ? null : String(props.value)}
      onChange={(value) => props.onChange(Number(value))}
    >
      <Stack gap="xs" mt="xs">
        {durationOptions.map((option) => (
          <Radio key={option.days} value={String(option.days)} label={option.label} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

export function VibeField(props: { value: Vibe | null; onChange(value: Vibe): void; teacherName: string }) {
  return (
    <Radio.Group label="Vibe" value={props.value} onChange={(value) => props.onChange(value as Vibe)}>
      <Stack gap="xs" mt="xs">
        {vibes.map((vibe) => (
          <Radio key={vibe} value={vibe} label={vibeLabel(vibe, props.teacherName)} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
