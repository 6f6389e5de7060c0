import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { letterInput, letterLimits } from '#contract/newsletter.ts';
import { bindText } from '#web/shared/forms/bind-text.ts';
import { formErrorsFrom } from '#web/shared/forms/form-errors.ts';
import { ApiError, errorMessage } from '#web/shared/http.ts';
import { toast } from '#web/shared/toast.ts';
import { useSendLetter } from '../api/send-letter.ts';

type Errors = { subject?: string; text?: string };

/** Plain text to every confirmed subscriber; each email gets its own unsubscribe link. */
export function LetterDialog({
  opened,
  onClose,
  confirmed,
}: {
  opened: boolean;
  onClose: () => void;
  confirmed: number;
}) {
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const send = useSendLetter();

  const submit = () => {
    const parsed = letterInput.safeParse({ subject, text });
    if (!parsed.success) {
      setErrors(formErrorsFrom<keyof Errors>(parsed.error));
      return;
    }
    setErrors({});
    send.mutate(parsed.data, {
      onSuccess: ({ recipients }) => {
        toast('success', 'Letter on its way', `Sending to ${recipients} confirmed subscribers.`);
        setSubject('');
        setText('');
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.field) setErrors({ [error.field]: error.message });
        toast('error', 'Could not send the letter', errorMessage(error, 'Please try again.'));
      },
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Write a letter" size="lg">
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          Goes to {confirmed} confirmed {confirmed === 1 ? 'subscriber' : 'subscribers'}, as plain text, with
          an unsubscribe link added at the end.
        </Text>
        <TextInput
          label="Subject"
          required
          maxLength={letterLimits.subject}
          {...bindText(subject, setSubject)}
          error={errors.subject}
        />
        <Textarea
          label="Letter"
          required
          autosize
          minRows={8}
          maxLength={letterLimits.text}
          {...bindText(text, setText)}
          error={errors.text}
        />
        <Group justify="flex-end">
          <Button variant="subtle" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={send.isPending} disabled={confirmed === 0}>
            Send letter
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
