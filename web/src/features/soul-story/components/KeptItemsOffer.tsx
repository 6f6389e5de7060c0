import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCloudUpload, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { promptById } from '#contract/prompts.ts';
import { type StoryType, soulStoryMessages } from '#contract/soul-story.ts';
import { errorMessage } from '#web/shared/http.ts';
import { toast } from '#web/shared/toast.ts';
import { isSending, type SendState, sendUntilConfirmed } from '../send-kept.ts';
import { type KeptItem, useTakeKeeper } from '../take-keeper.ts';
import { discardKept } from '../tus-transport.ts';
import { SendingStatus } from './SendingStatus.tsx';

const question = (item: KeptItem) =>
  item.type === 'photo'
    ? `Finish uploading your photo "${item.title}"?`
    : `Finish uploading your reflection for ${promptById(item.type)?.name ?? item.title}?`;

interface OfferProps {
  item: KeptItem;
  onDone: (saved: boolean) => void;
}

function Offer({ item, onDone }: OfferProps) {
  const keeper = useTakeKeeper();
  const [sending, setSending] = useState<SendState | null>(null);
  const stopRetrying = useRef<AbortController>(null);
  useEffect(() => () => stopRetrying.current?.abort(), []);

  const finish = async () => {
    const controller = new AbortController();
    stopRetrying.current = controller;
    try {
      await sendUntilConfirmed(item, { keeper, onState: setSending, signal: controller.signal });
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      setSending(null);
      toast(
        'error',
        soulStoryMessages.uploadFailed,
        errorMessage(error, soulStoryMessages.uploadFailedFallback),
      );
      return;
    }
    toast('success', soulStoryMessages.saved);
    onDone(true);
  };

  const discard = async () => {
    stopRetrying.current?.abort();
    await discardKept(keeper, item.id);
    onDone(false);
  };

  return (
    <Card withBorder padding="md" bg="sage.0" component="article" aria-label={question(item)}>
      <Stack gap="sm">
        <Text fw={600}>{question(item)}</Text>
        <Text size="sm" c="gray.7">
          It was kept on this device because the upload did not finish.
        </Text>
        {sending && (
          <SendingStatus kind={item.type === 'photo' ? 'photo' : 'video'} state={sending} inMemory={false} />
        )}
        <Group gap="sm">
          <Button leftSection={<IconCloudUpload size={16} />} onClick={finish} loading={sending !== null}>
            Finish uploading
          </Button>
          <Button
            variant="default"
            leftSection={<IconTrash size={16} />}
            onClick={discard}
            disabled={sending?.step === 'uploading'}
          >
            Discard
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Takes and photos a reload, a crash or a closed tab left unsent, offered to finish or discard. */
export function KeptItemsOffer({ onSaved }: { onSaved: (type: StoryType) => void }) {
  const keeper = useTakeKeeper();
  const [items, setItems] = useState<KeptItem[]>([]);
  useEffect(() => {
    let current = true;
    void keeper.pending().then((pending) => {
      if (current) setItems(pending.filter((item) => !isSending(item.id)));
    });
    return () => {
      current = false;
    };
  }, [keeper]);

  if (items.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-label="Uploads to finish">
      {items.map((item) => (
        <Offer
          key={item.id}
          item={item}
          onDone={(saved) => {
            setItems((current) => current.filter((each) => each.id !== item.id));
            if (saved) onSaved(item.type);
          }}
        />
      ))}
    </Stack>
  );
}
