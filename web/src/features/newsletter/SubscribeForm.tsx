import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { readEmail } from '#contract/email.ts';
import { newsletterMessages } from '#contract/newsletter.ts';
import { bindText } from '#web/shared/forms/bind-text.ts';
import { errorMessage } from '#web/shared/http.ts';
import { toast } from '#web/shared/toast.ts';
import { useSubscribe } from './api/subscribe.ts';

export function SubscribeForm() {
  const [email, setEmail] = useState('');
  const [optIn, setOptIn] = useState(false);
  const [errors, setErrors] = useState<{ email?: string; optIn?: string }>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const subscribe = useSubscribe();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setErrors({ email: newsletterMessages.emailRequired });
      toast('error', newsletterMessages.emailRequired);
      return;
    }
    const parsed = readEmail(email);
    const found = {
      ...('error' in parsed ? { email: parsed.error } : {}),
      ...(optIn ? {} : { optIn: newsletterMessages.optInRequired }),
    };
    setErrors(found);
    if ('error' in parsed || !optIn) return;
    subscribe.mutate(
      { email: parsed.email, optIn: true },
      {
        onSuccess: (result) => {
          toast(
            'success',
            newsletterMessages.subscribedTitle,
            newsletterMessages.subscribedMessage(result.email),
          );
          setSentTo(result.email);
          setEmail('');
          setOptIn(false);
        },
        onError: (error) => {
          toast('error', newsletterMessages.subscribeFailed, errorMessage(error, 'Please try again.'));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Subscribe to the newsletter">
      <Stack gap="xs">
        <Group align="flex-start" gap="xs">
          <TextInput
            label="Email"
            type="email"
            placeholder="you@example.com"
            autoComplete="email"
            maxLength={254}
            {...bindText(email, setEmail)}
            error={errors.email}
            style={{ flex: 1 }}
          />
          <Button type="submit" mt={25} loading={subscribe.isPending}>
            Subscribe
          </Button>
        </Group>
        <Checkbox
          label="Yes, send me occasional letters from the community"
          checked={optIn}
          onChange={(event) => setOptIn(event.currentTarget.checked)}
          error={errors.optIn}
        />
        {sentTo && (
          <Text size="sm" c="gray.7" role="status">
            {newsletterMessages.confirmationOnItsWay}
          </Text>
        )}
      </Stack>
    </form>
  );
}
