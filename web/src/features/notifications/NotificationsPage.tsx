import {
  Button,
  Card,
  Container,
  Group,
  Loader,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconChecks } from '@tabler/icons-react';
import { useEffect } from 'react';
import { PROMPT_COUNT, progressPercent, prompts } from '#contract/prompts.ts';
import { MutationButton } from '#web/shared/MutationButton.tsx';
import { toast } from '#web/shared/toast.ts';
import { useGoBack } from '#web/shared/use-go-back.ts';
import { useCompletedPrompts } from '../soul-story/index.ts';
import { useNotifications } from './api/get-notifications.ts';
import { useMarkAllRead } from './api/mark-all-read.ts';
import { PromptCard } from './components/PromptCard.tsx';
import { RecentMessages } from './components/RecentMessages.tsx';

export default function NotificationsPage() {
  // Arriving straight from a link there is no page to go back to, so back leads home.
  const goBack = useGoBack('/');
  const notifications = useNotifications();
  const completed = useCompletedPrompts();
  const markAllRead = useMarkAllRead();

  useEffect(() => {
    if (notifications.isError) toast('error', 'Failed to load notifications');
  }, [notifications.isError]);

  const completedIds = completed.data ?? [];
  const percent = progressPercent(completedIds);
  const doneCount = prompts.filter((prompt) => completedIds.includes(prompt.id)).length;
  const hasUnread = (notifications.data ?? []).some((item) => !item.read);

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Group justify="space-between">
          <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={goBack}>
            Back
          </Button>
          {hasUnread && (
            <MutationButton variant="light" leftSection={<IconChecks size={16} />} mutation={markAllRead}>
              Mark all read
            </MutationButton>
          )}
        </Group>
        <Title order={1}>Notifications</Title>

        <Card withBorder padding="lg" component="section" aria-labelledby="progress-heading">
          <Stack gap="xs">
            <Group justify="space-between">
              <Title order={2} size="h3" id="progress-heading">
                Your Soul Story Progress
              </Title>
              <Text fw={600} size="lg">
                {percent}%
              </Text>
            </Group>
            <Progress value={percent} size="lg" aria-label="Soul Story progress" />
            <Text size="sm" c="gray.7">
              {doneCount} of {PROMPT_COUNT} prompts completed
            </Text>
          </Stack>
        </Card>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="section" aria-label="Prompts">
          {prompts.map((prompt) => (
            <PromptCard key={prompt.id} prompt={prompt} completed={completedIds.includes(prompt.id)} />
          ))}
        </SimpleGrid>

        {notifications.isPending ? (
          <Loader aria-label="Loading your messages" />
        ) : (
          <RecentMessages items={notifications.data ?? []} />
        )}
      </Stack>
    </Container>
  );
}
