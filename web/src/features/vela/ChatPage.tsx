import { Alert, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  chatMessages,
  SCHEDULING_FAILED_FOLLOW_UP_MS,
  type Vibe,
  vibeLabel,
  vibes,
  worldviewMessages,
} from '#contract/vela.ts';
import { MutationButton } from '#web/shared/MutationButton.tsx';
import { toast } from '#web/shared/toast.ts';
import { useClearHistory } from './api/clear-history.ts';
import { useDownloadHistory } from './api/download-history.ts';
import { eraseWorldview } from './api/erase-worldview.ts';
import { useHistory } from './api/get-history.ts';
import { useJourney } from './api/get-journey.ts';
import { velaKeys } from './api/keys.ts';
import { browserTimeZone, saveJourney } from './api/save-journey.ts';
import { scheduleReminders } from './api/schedule-reminders.ts';
import { assistantEntry, type ChatEntry } from './chat-entry.ts';
import { ChatComposer } from './components/ChatComposer.tsx';
import { MessageList } from './components/MessageList.tsx';
import { type Journey, OnboardingModal } from './components/OnboardingModal.tsx';
import { VelaNoteModal } from './components/VelaNoteModal.tsx';
import { WorldviewConsentModal } from './components/WorldviewConsentModal.tsx';
import { forgetSessionVibe, keepSessionVibe, readSessionVibe } from './session-vibe.ts';
import { useChat } from './use-chat.ts';

const isVibe = (value: unknown): value is Vibe => vibes.includes(value as Vibe);

export default function ChatPage() {
  const queryClient = useQueryClient();
  const journey = useJourney();
  const history = useHistory();
  const [noteClosed, setNoteClosed] = useState(false);
  const [chosenVibe, setChosenVibe] = useState<Vibe | null>(readSessionVibe);
  const [consentAnswered, setConsentAnswered] = useState(false);
  const storedVibe = isVibe(journey.data?.vibe) ? journey.data.vibe : null;
  const consentNeeded = storedVibe !== null && !journey.data?.vibe_consent_at && !consentAnswered;
  const vibe = chosenVibe ?? storedVibe;
  const chat = useChat(vibe);
  const greeted = useRef(false);
  const teacherName = history.data?.teacher_name ?? '';
  const clear = useClearHistory(() => {
    chat.setEntries([]);
    queryClient.removeQueries({ queryKey: velaKeys.history() });
  });

  const download = useDownloadHistory();

  const ready = !journey.isPending && !history.isPending;
  const stage = !noteClosed
    ? 'note'
    : !ready
      ? 'loading'
      : consentNeeded
        ? 'consent'
        : vibe
          ? 'chat'
          : 'onboarding';

  // A returning pilgrim (a stored vibe) finds the conversation where they left it, and a welcome back.
  useEffect(() => {
    if (stage !== 'chat' || greeted.current) return;
    greeted.current = true;
    const earlier: ChatEntry[] = (history.data?.messages ?? []).map((message) => ({
      id: message.id,
      role: message.role,
      content: message.content,
    }));
    chat.setEntries([...earlier, assistantEntry(chatMessages.welcomeBackReply)]);
  }, [stage, history.data, chat.setEntries]);

  const finishOnboarding = async (chosen: Journey) => {
    greeted.current = true;
    setChosenVibe(chosen.vibe);
    if (chosen.rememberVibe) forgetSessionVibe();
    else keepSessionVibe(chosen.vibe);
    chat.setEntries(chatMessages.greetings.map((greeting) => assistantEntry(greeting)));
    try {
      await saveJourney({
        ...(chosen.rememberVibe ? { vibe: chosen.vibe, vibe_consent: true as const } : {}),
        camino_start_date: chosen.startDate,
        camino_duration: chosen.duration,
        time_zone: browserTimeZone(),
      });
    } catch {
      toast('warning', chatMessages.preferencesNotSaved, chatMessages.preferencesNotSavedDetail);
    }
    try {
      await scheduleReminders(chosen.startDate, chosen.duration);
      toast('success', chatMessages.promptsScheduled);
    } catch {
      // The reply follows the warning by the pause from when the pilgrim can see it.
      toast('warning', chatMessages.schedulingFailed, chatMessages.schedulingFailedDetail, () =>
        setTimeout(
          () => chat.add(assistantEntry(chatMessages.schedulingFailedReply)),
          SCHEDULING_FAILED_FOLLOW_UP_MS,
        ),
      );
    }
  };

  const keepWorldview = async () => {
    try {
      await saveJourney({ vibe_consent: true });
      await queryClient.invalidateQueries({ queryKey: velaKeys.journey() });
    } catch {
      toast('warning', chatMessages.preferencesNotSaved, chatMessages.preferencesNotSavedDetail);
    }
    setConsentAnswered(true);
  };

  const declineWorldview = async () => {
    if (!storedVibe) return;
    try {
      await eraseWorldview();
    } catch {
      toast('error', worldviewMessages.eraseFailed);
      return;
    }
    keepSessionVibe(storedVibe);
    setChosenVibe(storedVibe);
    setConsentAnswered(true);
    toast('success', worldviewMessages.declined, worldviewMessages.declinedDetail);
    await queryClient.invalidateQueries({ queryKey: velaKeys.journey() });
  };

  return (
    <Container size="md" py="xl" id="vela-chat">
      <Stack>
        <Group justify="space-between" align="flex-end">
          <Title order={1}>Chat with Vela</Title>
          {stage === 'chat' && chat.entries.length > 0 && (
            <Group gap="xs">
              <MutationButton variant="subtle" size="compact-sm" mutation={download}>
                {chatMessages.downloadHistory}
              </MutationButton>
              <MutationButton variant="subtle" size="compact-sm" mutation={clear}>
                {chatMessages.clearHistory}
              </MutationButton>
            </Group>
          )}
        </Group>
        {history.data?.mode === 'offline' && (
          <Alert
            variant="light"
            color="blue"
            icon={<IconInfoCircle aria-hidden />}
            title={chatMessages.offlineMode}
          >
            {chatMessages.offlineModeDetail}
          </Alert>
        )}
        <Paper withBorder radius="lg" p="md">
          <Stack>
            {stage === 'chat' ? (
              <MessageList
                entries={chat.entries}
                waiting={chat.waiting}
                nationality={history.data?.nationality ?? null}
              />
            ) : (
              <Text c="dimmed">Vela is getting ready…</Text>
            )}
            <ChatComposer waiting={chat.waiting || stage !== 'chat'} onSend={chat.send} />
          </Stack>
        </Paper>
      </Stack>
      <VelaNoteModal opened={stage === 'note'} onClose={() => setNoteClosed(true)} />
      <WorldviewConsentModal
        opened={stage === 'consent'}
        label={storedVibe ? vibeLabel(storedVibe, teacherName) : ''}
        onKeep={keepWorldview}
        onDecline={declineWorldview}
      />
      <OnboardingModal
        opened={stage === 'onboarding'}
        teacherName={teacherName}
        onFinish={finishOnboarding}
      />
    </Container>
  );
}
