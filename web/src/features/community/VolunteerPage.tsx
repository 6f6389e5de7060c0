import { Card, List, NativeSelect, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  communityMessages,
  type VolunteerArea,
  volunteerAreas,
  volunteerRequest,
} from '#contract/community.ts';
import { validateWith } from '#web/shared/forms/form-errors.ts';
import { useSendVolunteerRequest } from './api/send-volunteer-request.ts';
import { CommunityFormPage } from './components/CommunityFormPage.tsx';

const expectations = [
  'A short, friendly conversation with someone from our team, so we can find where you fit.',
  'Give what you have: an hour a month is as welcome as a day a week.',
  'No faith, training or background is required; kindness, listening and respect for every path are.',
  'You will be part of a circle of volunteers who look after one another, too.',
];

export default function VolunteerPage() {
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

  return (
    <CommunityFormPage
      title="Volunteer with Pilgrim Soul"
      intro={
        <>
          <Text size="lg" c="gray.7">
            Pilgrim Soul is a warm, non-denominational community for people coming home from a pilgrimage.
            Everything we offer, from Soul Circles to shared meals, is carried by volunteers who remember what
            it was like to come back changed and find that ordinary life had not.
          </Text>
          <Text c="gray.7">
            If the road taught you something about hospitality, this is a place to pass it on.
          </Text>
        </>
      }
      formTitle="Offer your time"
      form={form}
      send={useSendVolunteerRequest()}
      toRequest={(values) => ({ ...values, areaOfInterest: values.areaOfInterest as VolunteerArea })}
      sent={{ title: communityMessages.volunteered, detail: communityMessages.volunteeredDetail }}
      fieldsAfter={
        <>
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
        </>
      }
      submitLabel="Offer to volunteer"
    >
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
    </CommunityFormPage>
  );
}
