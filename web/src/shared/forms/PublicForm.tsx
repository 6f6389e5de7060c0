import { Button, Paper, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { HoneypotField } from './HoneypotField.tsx';

/** A form anyone may send: its fields in a card, the hidden honeypot, and the submit button. */
export function PublicForm({
  onSubmit,
  form,
  pending,
  submitLabel,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The Mantine form, which keeps the honeypot's value with the others. */
  form: { values: { website: string }; setFieldValue: (path: 'website', value: string) => void };
  pending: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="lg" radius="md" pos="relative">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {children}
          <HoneypotField
            value={form.values.website}
            onChange={(value) => form.setFieldValue('website', value)}
          />
          <Button type="submit" loading={pending} style={{ alignSelf: 'flex-start' }}>
            {submitLabel}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
