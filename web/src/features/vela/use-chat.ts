import { useCallback, useRef, useState } from 'react';
import {
  chatMessages,
  chatParameters,
  SAFETY_REPLY,
  SAFETY_REPLY_DELAY_MS,
  safetyGroupOf,
  type Vibe,
} from '#contract/vela.ts';
import { readSession } from '#web/shared/session.ts';
import { streamChat } from './api/stream-chat.ts';
import { assistantEntry, type ChatEntry, entryId } from './chat-entry.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The conversation on screen and the one way to send a message. */
export const useChat = (vibe: Vibe | null) => {
  const [entries, setEntries] = useState<ChatEntry[]>([]);
  const [waiting, setWaiting] = useState(false);
  const busy = useRef(false);

  const add = useCallback((...more: ChatEntry[]) => setEntries((current) => [...current, ...more]), []);
  const replace = useCallback(
    (id: string, change: Partial<ChatEntry>) =>
      setEntries((current) => current.map((entry) => (entry.id === id ? { ...entry, ...change } : entry))),
    [],
  );

  const send = useCallback(
    async (raw: string) => {
      const text = raw.trim();
      if (!text || busy.current) return;
      add({ id: entryId(), role: 'user', content: text });
      if (!readSession().token) {
        add(assistantEntry(chatMessages.authRequired));
        return;
      }
      busy.current = true;
      setWaiting(true);
      try {
        const group = safetyGroupOf(text);
        if (group) {
          // Abuse and hate are checked here first, so the words never leave the browser; the server checks
          // again. A cry for help is not: the server answers it, without a model, in the pilgrim's language.
          await pause(SAFETY_REPLY_DELAY_MS);
          add(assistantEntry(SAFETY_REPLY, { safety: group }));
          return;
        }
        const replyId = entryId();
        let started = false;
        const answer = await streamChat(
          { vibe: vibe ?? 'Unknown Worldview', inputs: text, parameters: { ...chatParameters } },
          {
            onText: (soFar) => {
              if (!started) {
                started = true;
                add({ id: replyId, role: 'assistant', content: soFar, streaming: true });
              } else replace(replyId, { content: soFar });
            },
          },
        );
        const final = {
          content: answer.text,
          streaming: false,
          ...(answer.safety ? { safety: answer.safety } : {}),
          ...(answer.helpline ? { helpline: answer.helpline } : {}),
        };
        if (started) replace(replyId, final);
        else add({ id: replyId, role: 'assistant', ...final });
      } finally {
        busy.current = false;
        setWaiting(false);
      }
    },
    [add, replace, vibe],
  );

  return { entries, setEntries, add, send, waiting };
};
