import type { ChangeEvent } from 'react';

/** A text input bound to a piece of state: its value, and the setter fed what is typed. */
export const bindText = (value: string, setValue: (value: string) => void) => ({
  value,
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValue(event.currentTarget.value),
});
