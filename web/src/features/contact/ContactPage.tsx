import { Button, Container, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { contactMessages } from '../../../../contract/contact.ts';
import { reportSubmitError } from '../../shared/forms/form-errors.ts';
import { HoneypotField } from '../../shared/forms/HoneypotField.tsx';
import { toast } from '../../shared/toast.ts';
import { useSendContactMessage } from './api/send-contact-message.ts';

export default function ContactPage() {
  const form = useForm({ initialValues: { name: '', email: '', message: '', website: '' } });
  const send = useSendContactMessage();

  const submit = form.onSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => {
        toast('success', contactMessages.sent, contactMessages.replyPromise);
        form.reset();
      },
      onError: (error) => reportSubmitError(form, error, contactMessages.sendError, contactMessages.tryAgain),
    }),
  );

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>Contact us</Title>
          <Text c="gray.7">
            A question, a story from the road, or simply hello: {contactMessages.replyPromise}
          </Text>
        </Stack>
        <Paper withBorder p="lg" radius="md" pos="relative">
          <form onSubmit={submit} noValidate>
            <Stack>
              <TextInput label="Name" autoComplete="name" {...form.getInputProps('name')} />
              <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
              <Textarea
                label="Your Message"
                autosize
                minRows={5}
                maxRows={14}
                {...form.getInputProps('message')}
              />
              <HoneypotField
                value={form.values.website}
                onChange={(value) => form.setFieldValue('website', value)}
              />
              <Button type="submit" loading={send.isPending} style={{ alignSelf: 'flex-start' }}>
                Send Message
              </Button>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </Container>
  );
}
