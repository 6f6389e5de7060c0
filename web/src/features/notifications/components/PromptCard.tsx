import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconRepeat, IconVideo } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { Prompt } from '#contract/prompts.ts';

export const meditationUrl = (promptId: string) => `/static/audio/meditation-${promptId}.mp3`;

interface Props {
  prompt: Prompt;
  completed: boolean;
}

export function PromptCard({ prompt, completed }: Props) {
  const navigate = useNavigate();
  const headingId = `prompt-${prompt.id}`;
  return (
    <Card
      withBorder
      padding="md"
      component="article"
      aria-labelledby={headingId}
      style={{ borderLeft: `6px solid var(--mantine-color-${prompt.color}-7)` }}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h4" id={headingId}>
            {prompt.name}
          </Title>
          <Badge color={completed ? 'sage' : 'gray.7'} variant="filled">
            {completed ? 'Completed' : 'Pending'}
          </Badge>
        </Group>
        <Text fw={500}>{prompt.question}</Text>
        <Text size="sm" c="gray.7">
          {prompt.description}
        </Text>
        <Stack gap={4}>
          <Text size="sm" fw={500} id={`${headingId}-meditation`}>
            Meditation
          </Text>
          {/* biome-ignore lint/a11y/useMediaCaption: a wordless meditation tone has nothing to caption. */}
          <audio
            controls
            preload="none"
            src={meditationUrl(prompt.id)}
            aria-label={`Meditation for ${prompt.name}`}
            style={{ width: '100%' }}
          />
        </Stack>
        <Button
          mt="auto"
          variant={completed ? 'light' : 'filled'}
          leftSection={completed ? <IconRepeat size={16} /> : <IconVideo size={16} />}
          onClick={() => navigate('/soul-story', { state: { promptId: prompt.id } })}
        >
          {completed ? 'Re-record' : 'Record Now'}
        </Button>
      </Stack>
    </Card>
  );
}
