import { ActionIcon, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import {
  IconArrowMerge,
  IconChevronLeft,
  IconChevronRight,
  IconPlayerPlay,
  IconScissors,
  IconTrash,
} from '@tabler/icons-react';
import { vttTime } from '#contract/webvtt-time.ts';
import { type Cue, NUDGE_SECONDS } from './cues.ts';

interface CueRowProps {
  cue: Cue;
  number: number;
  isLast: boolean;
  isCurrent: boolean;
  textArea: (element: HTMLTextAreaElement | null) => void;
  onText: (text: string) => void;
  onNudge: (edge: 'start' | 'end', delta: number) => void;
  onPlay: () => void;
  onSplit: () => void;
  onMerge: () => void;
  onDelete: () => void;
}

/** One caption line in the editor: its words, its times to nudge, and what can be done with it. */
export function CueRow({
  cue,
  number,
  isLast,
  isCurrent,
  textArea,
  onText,
  onNudge,
  onPlay,
  onSplit,
  onMerge,
  onDelete,
}: CueRowProps) {
  const line = `Line ${number}`;
  const step = `${NUDGE_SECONDS} s`;
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      aria-current={isCurrent ? 'time' : undefined}
      style={isCurrent ? { borderColor: 'var(--mantine-color-sage-6)', borderWidth: 2 } : undefined}
    >
      <Stack gap="xs">
        <Textarea
          ref={textArea}
          label={line}
          description={`${vttTime(cue.start)} to ${vttTime(cue.end)}`}
          autosize
          minRows={1}
          value={cue.text}
          onChange={(event) => onText(event.currentTarget.value)}
        />
        <Group gap="lg">
          <EdgeNudges
            label="Start"
            earlier={`${line} starts ${step} earlier`}
            later={`${line} starts ${step} later`}
            onNudge={(delta) => onNudge('start', delta)}
          />
          <EdgeNudges
            label="End"
            earlier={`${line} ends ${step} earlier`}
            later={`${line} ends ${step} later`}
            onNudge={(delta) => onNudge('end', delta)}
          />
        </Group>
        <Group gap="xs">
          <LineAction icon={IconPlayerPlay} name={`Play line ${number}`} onClick={onPlay}>
            Play
          </LineAction>
          <LineAction icon={IconScissors} name={`Split line ${number}`} onClick={onSplit}>
            Split
          </LineAction>
          {!isLast && (
            <LineAction
              icon={IconArrowMerge}
              name={`Merge line ${number} with line ${number + 1}`}
              onClick={onMerge}
            >
              Merge
            </LineAction>
          )}
          <LineAction icon={IconTrash} name={`Delete line ${number}`} color="red" onClick={onDelete}>
            Delete
          </LineAction>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A button acting on one line: a short word to see, and a name that says which line it acts on. */
function LineAction({
  icon: Icon,
  name,
  color,
  onClick,
  children,
}: {
  icon: typeof IconTrash;
  name: string;
  color?: string;
  onClick: () => void;
  children: string;
}) {
  return (
    <Button
      size="xs"
      variant="subtle"
      color={color}
      leftSection={<Icon size={14} />}
      aria-label={name}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

function EdgeNudges({
  label,
  earlier,
  later,
  onNudge,
}: {
  label: string;
  earlier: string;
  later: string;
  onNudge: (delta: number) => void;
}) {
  return (
    <Group gap={4}>
      <Text size="sm" w="3em">
        {label}
      </Text>
      <ActionIcon variant="default" aria-label={earlier} onClick={() => onNudge(-NUDGE_SECONDS)}>
        <IconChevronLeft size={16} />
      </ActionIcon>
      <ActionIcon variant="default" aria-label={later} onClick={() => onNudge(NUDGE_SECONDS)}>
        <IconChevronRight size={16} />
      </ActionIcon>
    </Group>
  );
}
