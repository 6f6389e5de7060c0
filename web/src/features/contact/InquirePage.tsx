import {
  Button,
  Checkbox,
  Container,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { contactMessages, type InquiryType, inquiryTypes } from '../../../../contract/contact.ts';
import { reportSubmitError } from '../../shared/forms/form-errors.ts';
import { HoneypotField } from '../../shared/forms/HoneypotField.tsx';
import { toast } from '../../shared/toast.ts';
import { useSendContactMessage } from './api/send-contact-message.ts';

export default function InquirePage() {
  const form = useForm({
    initialValues: { inquiryTypes: [] as InquiryType[], fullName: '', email: '', message: '', website: '' },
  });
  const send = useSendContactMessage();

  const submit = form.onSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => {
        toast('success', contactMessages.submitted, contactMessages.replyPromise);
        form.reset();
      },
      onError: (error) =>
        reportSubmitError(form, error, contactMessages.submitFailed, contactMessages.tryAgain),
    }),
  );

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>Inquire</Title>
          <Text c="gray.7">
            Tell us what brings you here and we will pass your note to the right person.{' '}
            {contactMessages.replyPromise}
          </Text>
        </Stack>
        <Paper withBorder p="lg" radius="md" pos="relative">
          <form onSubmit={submit} noValidate>
            <Stack>
              <Checkbox.Group
                label="What would you like to talk about?"
                description="Choose all that apply"
                styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
                {...form.getInputProps('inquiryTypes')}
              >
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
                  {inquiryTypes.map((type) => (
                    <Checkbox key={type.value} value={type.value} label={type.label} />
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
              <TextInput label="Full Name" autoComplete="name" {...form.getInputProps('fullName')} />
              <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
              <Textarea
                label="Message"
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
                Submit
              </Button>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </Container>
  );
}
