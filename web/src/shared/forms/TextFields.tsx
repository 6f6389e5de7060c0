import { Group, TextInput, type TextInputProps } from '@mantine/core';

/** One text input of a form: the value at `path` in the form's values, and how browsers should fill it. */
export interface TextField {
  path: string;
  label: string;
  autoComplete: string;
  type?: TextInputProps['type'];
  inputMode?: TextInputProps['inputMode'];
  placeholder?: string;
}

/**
 * A form's text inputs from their list, so a form reads as the fields it asks for; a nested list is a
 * row of inputs side by side (expiry and CVC, city and postal code).
 */
export function TextFields({
  form,
  fields,
}: {
  /** A Mantine form holding every field's path. */
  form: { getInputProps(path: string): TextInputProps };
  fields: readonly (TextField | readonly TextField[])[];
}) {
  const input = ({ path, ...field }: TextField) => (
    <TextInput key={path} {...field} {...form.getInputProps(path)} />
  );
  return fields.map((field) =>
    'path' in field ? (
      input(field)
    ) : (
      <Group key={field.map(({ path }) => path).join()} grow align="flex-start">
        {field.map(input)}
      </Group>
    ),
  );
}
