import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
} from '@dnd-kit/sortable';
import { Button, Group, Modal, SimpleGrid, Text } from '@mantine/core';
import { useState } from 'react';
import { type SoulStoryItem, soulStoryMessages } from '#contract/soul-story.ts';
import { useDeleteStory } from '../api/delete-story.ts';
import { useReorderStories } from '../api/reorder-stories.ts';
import { moveBy } from '../media.ts';
import { MemoryCard } from './MemoryCard.tsx';

interface Props {
  stories: SoulStoryItem[];
}

const titleOf = (stories: SoulStoryItem[], id: unknown) =>
  stories.find((story) => story.id === id)?.title ?? 'memory';

/** The memories in the pilgrim's order: drag (pointer or keyboard) or use each card's menu to rearrange. */
export function MemoryGrid({ stories }: Props) {
  const reorder = useReorderStories();
  const deleteStory = useDeleteStory();
  const [pendingDelete, setPendingDelete] = useState<SoulStoryItem | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = stories.findIndex((story) => story.id === active.id);
    const to = stories.findIndex((story) => story.id === over.id);
    if (from < 0 || to < 0) return;
    reorder.mutate(arrayMove(stories, from, to));
  };

  const confirmDelete = () => {
    if (!pendingDelete) return;
    deleteStory.mutate(pendingDelete.id, { onSettled: () => setPendingDelete(null) });
  };

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: {
            draggable:
              'To pick up a memory, press space or enter. Use the arrow keys to move it, then press space or enter to drop it, or escape to cancel.',
          },
          announcements: {
            onDragStart: ({ active }) => `Picked up ${titleOf(stories, active.id)}.`,
            onDragOver: ({ active, over }) =>
              over ? `${titleOf(stories, active.id)} is over ${titleOf(stories, over.id)}.` : '',
            onDragEnd: ({ active, over }) =>
              over ? `${titleOf(stories, active.id)} was dropped at ${titleOf(stories, over.id)}.` : '',
            onDragCancel: ({ active }) => `Moving ${titleOf(stories, active.id)} was cancelled.`,
          },
        }}
      >
        <SortableContext items={stories.map((story) => story.id)} strategy={rectSortingStrategy}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {stories.map((story, index) => (
              <MemoryCard
                key={story.id}
                story={story}
                position={index + 1}
                isFirst={index === 0}
                isLast={index === stories.length - 1}
                onMoveUp={() => reorder.mutate(moveBy(stories, index, -1))}
                onMoveDown={() => reorder.mutate(moveBy(stories, index, 1))}
                onDelete={() => setPendingDelete(story)}
              />
            ))}
          </SimpleGrid>
        </SortableContext>
      </DndContext>
      <Modal
        opened={pendingDelete !== null}
        onClose={() => setPendingDelete(null)}
        title={soulStoryMessages.confirmDeletionTitle}
        centered
      >
        <Text>{soulStoryMessages.confirmDeletionText}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setPendingDelete(null)} disabled={deleteStory.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={confirmDelete} loading={deleteStory.isPending}>
            Delete
          </Button>
        </Group>
      </Modal>
    </>
  );
}
