import { Group, Radio } from '@mantine/core';
import type { useForm } from '@mantine/form';
import { RATING_MAX, RATING_MIN } from '#contract/survey.ts';

/** What `form.getInputProps(field)` returns (Mantine's own name for it is not reachable from ESM types). */
type InputProps = ReturnType<ReturnType<typeof useForm>['getInputProps']>;

const scale = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, index) => String(RATING_MIN + index));

export function RatingQuestion({ label, inputProps }: { label: string; inputProps: InputProps }) {
  return (
    <Radio.Group
      label={label}
      description={`${RATING_MIN} = poor, ${RATING_MAX} = excellent`}
      withAsterisk
      styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
      {...inputProps}
    >
      <Group gap="lg" mt="xs">
        {scale.map((value) => (
          <Radio key={value} value={value} label={value} />
        ))}
      </Group>
    </Radio.Group>
  );
}
