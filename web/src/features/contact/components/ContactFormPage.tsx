import { Container, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { useForm } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { contactMessages } from '#contract/contact.ts';
import { PublicForm } from '#web/shared/forms/PublicForm.tsx';
import { useFormSubmission } from '#web/shared/forms/use-form-submission.ts';

type InputProps = ReturnType<ReturnType<typeof useForm>['getInputProps']>;

/** What the page needs of the caller's Mantine form, which holds the page's own fields too. */
interface MessageForm<Values> {
  values: { website: string };
  onSubmit: (handler: (values: Values) => void) => (event?: FormEvent<HTMLFormElement>) => void;
  getInputProps: (path: 'name' | 'fullName' | 'email' | 'message') => InputProps;
  setFieldValue: (path: 'website', value: string) => void;
  setFieldError: (field: string, message: string) => void;
  reset: () => void;
}

interface ContactFormPageProps<Values> {
  title: string;
  /** Said under the title, before the reply promise. */
  intro: ReactNode;
  form: MessageForm<Values>;
  send: UseMutationResult<unknown, Error, Values>;
  /** The toast titles: sent, and refused. */
  sent: string;
  failed: string;
  /** Fields above the sender's name. */
  fieldsBefore?: ReactNode;
  nameField: { path: 'name' | 'fullName'; label: string };
  messageLabel: string;
  submitLabel: string;
}

/** The contact and inquiry pages: a short form whose sender is thanked with the reply promise and a fresh form. */
export function ContactFormPage<Values>({
  title,
  intro,
  form,
  send,
  sent,
  failed,
  fieldsBefore,
  nameField,
  messageLabel,
  submitLabel,
}: ContactFormPageProps<Values>) {
  const submit = useFormSubmission(send, {
    form,
    failed,
    tryAgain: contactMessages.tryAgain,
    succeeded: { title: sent, message: contactMessages.replyPromise },
    onSuccess: () => form.reset(),
  });

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{title}</Title>
          <Text c="gray.7">
            {intro}
            {contactMessages.replyPromise}
          </Text>
        </Stack>
        <PublicForm
          onSubmit={form.onSubmit(submit)}
          form={form}
          pending={send.isPending}
          submitLabel={submitLabel}
        >
          {fieldsBefore}
          <TextInput label={nameField.label} autoComplete="name" {...form.getInputProps(nameField.path)} />
          <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          <Textarea
            label={messageLabel}
            autosize
            minRows={5}
            maxRows={14}
            {...form.getInputProps('message')}
          />
        </PublicForm>
      </Stack>
    </Container>
  );
}
