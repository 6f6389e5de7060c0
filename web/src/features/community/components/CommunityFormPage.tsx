import { Container, Stack, TextInput, Title } from '@mantine/core';
import type { useForm } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, type Ref, useState } from 'react';
import { communityMessages } from '#contract/community.ts';
import { PublicForm } from '#web/shared/forms/PublicForm.tsx';
import { useFormSubmission } from '#web/shared/forms/use-form-submission.ts';
import { SentConfirmation } from './SentConfirmation.tsx';

type InputProps = ReturnType<ReturnType<typeof useForm>['getInputProps']>;

/** What the page needs of the caller's Mantine form, which holds the page's own fields too. */
interface PersonForm<Values> {
  values: { website: string };
  onSubmit: (handler: (values: Values) => void) => (event?: FormEvent<HTMLFormElement>) => void;
  getInputProps: (path: 'name' | 'email') => InputProps;
  setFieldValue: (path: 'website', value: string) => void;
  setFieldError: (field: string, message: string) => void;
}

interface CommunityFormPageProps<Values, Request> {
  title: string;
  /** The paragraphs under the title. */
  intro: ReactNode;
  /** What the page offers, between the introduction and the form. */
  children: ReactNode;
  formTitle: string;
  form: PersonForm<Values>;
  send: UseMutationResult<unknown, Error, Request>;
  toRequest: (values: Values) => Request;
  /** Replaces the form once the server has stored the request. */
  sent: { title: string; detail: string };
  /** Fields above the name, and below the email. */
  fieldsBefore?: ReactNode;
  fieldsAfter: ReactNode;
  nameRef?: Ref<HTMLInputElement>;
  submitLabel: string;
}

/** The join-us and volunteer pages: an introduction, what they offer, and a form for name, email and more. */
export function CommunityFormPage<Values, Request>({
  title,
  intro,
  children,
  formTitle,
  form,
  send,
  toRequest,
  sent,
  fieldsBefore,
  fieldsAfter,
  nameRef,
  submitLabel,
}: CommunityFormPageProps<Values, Request>) {
  const [done, setDone] = useState(false);
  const submit = useFormSubmission(send, {
    form,
    failed: communityMessages.failed,
    tryAgain: communityMessages.tryAgain,
    onSuccess: () => setDone(true),
  });

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Stack gap="xs" maw={720}>
          <Title order={1}>{title}</Title>
          {intro}
        </Stack>

        {children}

        <Stack gap="md" maw={640}>
          <Title order={2}>{formTitle}</Title>
          {done ? (
            <SentConfirmation title={sent.title} detail={sent.detail} />
          ) : (
            <PublicForm
              onSubmit={form.onSubmit((values) => submit(toRequest(values)))}
              form={form}
              pending={send.isPending}
              submitLabel={submitLabel}
            >
              {fieldsBefore}
              <TextInput
                ref={nameRef}
                label="Full Name"
                withAsterisk
                autoComplete="name"
                {...form.getInputProps('name')}
              />
              <TextInput
                label="Email Address"
                type="email"
                withAsterisk
                autoComplete="email"
                {...form.getInputProps('email')}
              />
              {fieldsAfter}
            </PublicForm>
          )}
        </Stack>
      </Stack>
    </Container>
  );
}
