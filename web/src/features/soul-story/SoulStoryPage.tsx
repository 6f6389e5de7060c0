import { Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { nextPrompt, type Prompt, promptById, prompts } from '#contract/prompts.ts';
import { type StoryType, soulStoryMessages } from '#contract/soul-story.ts';
import { toast } from '#web/shared/toast.ts';
import { useCompletedPrompts } from './api/get-completed-prompts.ts';
import { useStories } from './api/get-stories.ts';
import { useReloadSoulStory } from './api/keys.ts';
import { CaptureArea } from './components/CaptureArea.tsx';
import { CompletionSection } from './components/CompletionSection.tsx';
import { ExplanationCard } from './components/ExplanationCard.tsx';
import { KeptItemsOffer } from './components/KeptItemsOffer.tsx';
import { MemoryGrid } from './components/MemoryGrid.tsx';

/** The notifications page sends `{ promptId }` to record (or re-record) one particular prompt. */
const routedPrompt = (state: unknown): Prompt | undefined => {
  const promptId = (state as { promptId?: unknown } | null)?.promptId;
  return typeof promptId === 'string' ? promptById(promptId) : undefined;
};

export default function SoulStoryPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const stories = useStories();
  const completed = useCompletedPrompts();
  const reload = useReloadSoulStory();

  useEffect(() => {
    if (stories.isError) toast('error', soulStoryMessages.loadFailed);
  }, [stories.isError]);

  const completedIds = completed.data ?? [];
  const prompt = routedPrompt(location.state) ?? nextPrompt(completedIds);
  const allComplete = prompts.every((each) => completedIds.includes(each.id));
  const photoCount = (stories.data ?? []).filter((story) => story.type === 'photo').length;

  const onSaved = (type: StoryType) => {
    if (location.state) navigate('.', { replace: true, state: null });
    return reload(type);
  };

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Title order={1}>Soul Stories</Title>
        <ExplanationCard />
        <KeptItemsOffer onSaved={reload} />
        {completed.isPending ? (
          <Loader aria-label="Loading your prompts" />
        ) : (
          <CaptureArea prompt={prompt} photoCount={photoCount} onSaved={onSaved} />
        )}
        <Stack component="section" aria-labelledby="memories-heading" gap="md">
          <Title order={2} size="h3" id="memories-heading">
            My Memories
          </Title>
          {stories.isPending && <Loader aria-label="Loading your memories" />}
          {stories.data?.length === 0 && (
            <Text c="gray.7">Your recorded reflections and photos will appear here.</Text>
          )}
          {stories.data && stories.data.length > 0 && <MemoryGrid stories={stories.data} />}
        </Stack>
        {allComplete && <CompletionSection />}
      </Stack>
    </Container>
  );
}
