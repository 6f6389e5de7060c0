import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Box, Card, Group, Image, Menu, Text } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconBadgeCc,
  IconDots,
  IconGripVertical,
  IconTrash,
} from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { promptById } from '#contract/prompts.ts';
import type { SoulStoryItem } from '#contract/soul-story.ts';
import { loadChunk } from '#web/shared/load-chunk.ts';
import { useLazyDialog } from '#web/shared/use-lazy-dialog.ts';

// The editor (its modal, the WebVTT parser) loads when first opened: most visits never caption a take.
const CaptionEditorDialog = lazy(
  loadChunk(async () => ({
    default: (await import('../captions/CaptionEditorDialog.tsx')).CaptionEditorDialog,
  })),
);

interface Props {
  story: SoulStoryItem;
  position: number;
  isFirst: boolean;
  isLast: boolean;
  onMoveUp: () => void;
  onMoveDown: () => void;
  onDelete: () => void;
}

export function MemoryCard({ story, position, isFirst, isLast, onMoveUp, onMoveDown, onDelete }: Props) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: story.id });
  const prompt = promptById(story.type);
  const captionEditor = useLazyDialog();

  return (
    <Card
      ref={setNodeRef}
      withBorder
      padding="sm"
      component="article"
      aria-label={`Memory ${position}: ${story.title}`}
      data-story-id={story.id}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        zIndex: isDragging ? 2 : undefined,
        boxShadow: isDragging ? 'var(--mantine-shadow-lg)' : undefined,
      }}
    >
      <Card.Section>
        {story.type === 'photo' ? (
          <Image src={story.media_url} alt={story.title} h={200} fit="cover" />
        ) : (
          <Box bg="black" style={{ aspectRatio: '16 / 9' }}>
            {/* biome-ignore lint/a11y/useMediaCaption: the track is there once the take has captions (Edit captions). */}
            <video
              src={story.media_url}
              controls
              preload="metadata"
              playsInline
              aria-label={story.title}
              style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
            >
              {story.captions_url && (
                <track kind="captions" src={story.captions_url} label="Captions" default />
              )}
            </video>
          </Box>
        )}
      </Card.Section>
      <Group justify="space-between" wrap="nowrap" mt="sm" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            aria-label={`Drag to reorder ${story.title}`}
            style={{ cursor: 'grab', touchAction: 'none' }}
            {...attributes}
            {...listeners}
          >
            <IconGripVertical size={18} />
          </ActionIcon>
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {story.title}
            </Text>
            <Badge size="sm" variant="dot" color={prompt?.color ?? 'gray'}>
              {prompt ? 'Reflection' : 'Photo'}
            </Badge>
          </div>
        </Group>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`Options for ${story.title}`}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {story.type !== 'photo' && (
              <Menu.Item leftSection={<IconBadgeCc size={14} />} onClick={captionEditor.open}>
                Edit captions
              </Menu.Item>
            )}
            <Menu.Item leftSection={<IconArrowUp size={14} />} disabled={isFirst} onClick={onMoveUp}>
              Move Up
            </Menu.Item>
            <Menu.Item leftSection={<IconArrowDown size={14} />} disabled={isLast} onClick={onMoveDown}>
              Move Down
            </Menu.Item>
            <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={onDelete}>
              Delete
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      {captionEditor.mounted && (
        <Suspense fallback={null}>
          <CaptionEditorDialog story={story} opened={captionEditor.opened} onClose={captionEditor.close} />
        </Suspense>
      )}
    </Card>
  );
}
