import { Button, Card, Radio, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCompass, IconHeartHandshake, IconSchool } from '@tabler/icons-react';
import { useRef } from 'react';
import { communityMessages, type JoinAudience, joinAudiences, joinRequest } from '#contract/community.ts';
import { validateWith } from '#web/shared/forms/form-errors.ts';
import { useSendJoinRequest } from './api/send-join-request.ts';
import { CommunityFormPage } from './components/CommunityFormPage.tsx';

const audienceIcons = {
  pilgrim: IconCompass,
  'soul-companion': IconHeartHandshake,
  'teacher-theologian': IconSchool,
} as const;

export default function JoinUsPage() {
  const nameInput = useRef<HTMLInputElement>(null);
  const form = useForm({
    initialValues: { name: '', email: '', audience: '' as JoinAudience | '', message: '', website: '' },
    validate: validateWith(joinRequest),
  });

  const chooseAudience = (audience: JoinAudience) => {
    form.setFieldValue('audience', audience);
    nameInput.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    nameInput.current?.focus({ preventScroll: true });
  };

  return (
    <CommunityFormPage
      title="Join Us"
      intro={
        <Text size="lg" c="gray.7">
          Pilgrim Soul is a home for people after the road: a warm community open to every faith and to none.
          However you walked, and whatever found you on the way, there is a place for you here.
        </Text>
      }
      formTitle="Join the community"
      form={form}
      send={useSendJoinRequest()}
      toRequest={(values) => ({ ...values, audience: values.audience as JoinAudience })}
      sent={{ title: communityMessages.joined, detail: communityMessages.joinedDetail }}
      fieldsBefore={
        <Radio.Group label="I would like to join as" withAsterisk {...form.getInputProps('audience')}>
          <Stack gap="xs" mt="xs">
            {joinAudiences.map((audience) => (
              <Radio key={audience.value} value={audience.value} label={audience.label} />
            ))}
          </Stack>
        </Radio.Group>
      }
      fieldsAfter={
        <Textarea
          label="Anything you would like us to know?"
          autosize
          minRows={3}
          {...form.getInputProps('message')}
        />
      }
      nameRef={nameInput}
      submitLabel="Submit"
    >
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
    </CommunityFormPage>
  );
}
