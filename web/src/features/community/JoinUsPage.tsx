import {
  Button,
  Card,
  Container,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCompass, IconHeartHandshake, IconSchool } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import {
  communityMessages,
  type JoinAudience,
  joinAudiences,
  joinRequest,
} from '../../../../contract/community.ts';
import { reportSubmitError, validateWith } from '../../shared/forms/form-errors.ts';
import { HoneypotField } from '../../shared/forms/HoneypotField.tsx';
import { useSendJoinRequest } from './api/send-join-request.ts';
import { SentConfirmation } from './components/SentConfirmation.tsx';

const audienceIcons = {
  pilgrim: IconCompass,
  'soul-companion': IconHeartHandshake,
  'teacher-theologian': IconSchool,
} as const;

export default function JoinUsPage() {
  const [joined, setJoined] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const form = useForm({
    initialValues: { name: '', email: '', audience: '' as JoinAudience | '', message: '', website: '' },
    validate: validateWith(joinRequest),
  });
  const send = useSendJoinRequest();

  const chooseAudience = (audience: JoinAudience) => {
    form.setFieldValue('audience', audience);
    nameInput.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    nameInput.current?.focus({ preventScroll: true });
  };

  const submit = form.onSubmit((values) =>
    send.mutate(
      { ...values, audience: values.audience as JoinAudience },
      {
        onSuccess: () => setJoined(true),
        onError: (error) =>
          reportSubmitError(form, error, communityMessages.failed, communityMessages.tryAgain),
      },
    ),
  );

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Stack gap="xs" maw={720}>
          <Title order={1}>Join Us</Title>
          <Text size="lg" c="gray.7">
            Pilgrim Soul is a home for people after the road: a warm community open to every faith and to
            none. However you walked, and whatever found you on the way, there is a place for you here.
          </Text>
        </Stack>

        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {joinAudiences.map((audience) => {
            const Icon = audienceIcons[audience.value];
            return (
              <Card key={audience.value} withBorder radius="md" padding="lg">
                <Stack gap="sm" h="100%">
                  <Icon size={32} stroke={1.5} aria-hidden="true" />
                  <Title order={2} size="h3">
                    {audience.label}
                  </Title>
                  <Text c="gray.7" style={{ flex: 1 }}>
                    {audience.description}
                  </Text>
                  <Button variant="light" onClick={() => chooseAudience(audience.value)}>
                    Join the {audience.label}
                  </Button>
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>

        <Stack gap="md" maw={640}>
          <Title order={2}>Join the community</Title>
          {joined ? (
            <SentConfirmation title={communityMessages.joined} detail={communityMessages.joinedDetail} />
          ) : (
            <Paper withBorder p="lg" radius="md" pos="relative">
              <form onSubmit={submit} noValidate>
                <Stack>
                  <Radio.Group
                    label="I would like to join as"
                    withAsterisk
                    {...form.getInputProps('audience')}
                  >
                    <Stack gap="xs" mt="xs">
                      {joinAudiences.map((audience) => (
                        <Radio key={audience.value} value={audience.value} label={audience.label} />
                      ))}
                    </Stack>
                  </Radio.Group>
                  <TextInput
                    ref={nameInput}
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
                  <Textarea
                    label="Anything you would like us to know?"
                    autosize
                    minRows={3}
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
          )}
        </Stack>
      </Stack>
    </Container>
  );
}
