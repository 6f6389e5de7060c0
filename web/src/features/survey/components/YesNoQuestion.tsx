import { Group, Radio } from '@mantine/core';
import type { useForm } from '@mantine/form';

/** What `form.getInputProps(field)` returns (Mantine's own name for it is not reachable from ESM types). */
type InputProps = ReturnType<ReturnType<typeof useForm>['getInputProps']>;

export function YesNoQuestion({ label, inputProps }: { label: string; inputProps: InputProps }) {
  return (
    <Radio.Group label={label} withAsterisk {...inputProps}>
      <Group gap="lg" mt="xs">
        <Radio value="yes" label="Yes" />
        <Radio value="no" label="No" />
      </Group>
    </Radio.Group>
  );
}
