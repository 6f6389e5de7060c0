import {
  Button,
  Card,
  Container,
  List,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import {
  communityMessages,
  type VolunteerArea,
  volunteerAreas,
  volunteerRequest,
} from '../../../../contract/community.ts';
import { reportSubmitError, validateWith } from '../../shared/forms/form-errors.ts';
import { HoneypotField } from '../../shared/forms/HoneypotField.tsx';
import { useSendVolunteerRequest } from './api/send-volunteer-request.ts';
import { SentConfirmation } from './components/SentConfirmation.tsx';

const expectations = [
  'A short, friendly conversation with someone from our team, so we can find where you fit.',
  'Give what you have: an hour a month is as welcome as a day a week.',
  'No faith, training or background is required; kindness, listening and respect for every path are.',
  'You will be part of a circle of volunteers who look after one another, too.',
];

export default function VolunteerPage() {
  const [sent, setSent] = useState(false);
  const form = useForm({
    initialValues: {
      name: '',
      email: '',
      areaOfInterest: '' as VolunteerArea | '',
      message: '',
      website: '',
    },
    validate: validateWith(volunteerRequest),
  });
  const send = useSendVolunteerRequest();

  const submit = form.onSubmit((values) =>
    send.mutate(
      { ...values, areaOfInterest: values.areaOfInterest as VolunteerArea },
      {
        onSuccess: () => setSent(true),
        onError: (error) =>
          reportSubmitError(form, error, communityMessages.failed, communityMessages.tryAgain),
      },
    ),
  );

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Stack gap="xs" maw={720}>
          <Title order={1}>Volunteer with Pilgrim Soul</Title>
          <Text size="lg" c="gray.7">
            Pilgrim Soul is a warm, non-denominational community for people coming home from a pilgrimage.
            Everything we offer, from Soul Circles to shared meals, is carried by volunteers who remember what
            it was like to come back changed and find that ordinary life had not.
          </Text>
          <Text c="gray.7">
            If the road taught you something about hospitality, this is a place to pass it on.
          </Text>
        </Stack>

        <Stack gap="md">
          <Title order={2}>Ways to help</Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            {volunteerAreas.map((area) => (
              <Card key={area.value} withBorder radius="md" padding="md">
                <Title order={3} size="h4">
                  {area.label}
                </Title>
                <Text size="sm" c="gray.7" mt={4}>
                  {area.description}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>

        <Stack gap="xs" maw={720}>
          <Title order={2}>What to expect</Title>
          <List spacing="xs">
            {expectations.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </Stack>

        <Stack gap="md" maw={640}>
          <Title order={2}>Offer your time</Title>
          {sent ? (
            <SentConfirmation
              title={communityMessages.volunteered}
              detail={communityMessages.volunteeredDetail}
            />
          ) : (
            <Paper withBorder p="lg" radius="md" pos="relative">
              <form onSubmit={submit} noValidate>
                <Stack>
                  <TextInput
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
                  <NativeSelect
                    label="Where would you like to help?"
                    withAsterisk
                    data={[{ value: '', label: 'Choose an area…' }, ...volunteerAreas]}
                    {...form.getInputProps('areaOfInterest')}
                  />
                  <Textarea
                    label="Tell us a little about yourself"
                    withAsterisk
                    autosize
                    minRows={4}
                    {...form.getInputProps('message')}
                  />
                  <HoneypotField
                    value={form.values.website}
                    onChange={(value) => form.setFieldValue('website', value)}
                  />
                  <Button type="submit" loading={send.isPending} style={{ alignSelf: 'flex-start' }}>
                    Offer to volunteer
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
