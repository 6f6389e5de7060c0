import { useCallback, useEffect, useRef, useState } from 'react';
import type { CaptionsBody } from '#contract/soul-story.ts';
import { errorMessage } from '#web/shared/http.ts';
import { toast } from '#web/shared/toast.ts';
import { useSaveCaptions } from '../api/save-captions.ts';

/** How long after the last change the captions are saved: a pause in typing, not every key. */
export const SAVE_DELAY_MS = 1000;

export type SaveState =
  | { status: 'idle' }
  | { status: 'saving' }
  | { status: 'saved' }
  | { status: 'refused'; message: string };

const keyOf = ({ language, vtt }: CaptionsBody) => `${language}\n${vtt}`;

export const CAPTIONS_NOT_SAVED = 'Your captions were not saved';

/**
 * Saves the captions on their own: SAVE_DELAY_MS after the last change, one save at a time, the newest
 * words last, and once more when the editor closes. `initial` is what the server already holds, as the
 * editor writes it: opening and closing without a change saves nothing (a drafted file stays a draft). A
 * refusal is kept until the next change or `retry`; one that comes after the editor has closed is a toast.
 */
export const useCaptionsAutosave = (storyId: string, draft: CaptionsBody, initial: CaptionsBody) => {
  const { mutateAsync } = useSaveCaptions(storyId);
  const [state, setState] = useState<SaveState>({ status: 'idle' });
  const latest = useRef(draft);
  /** The last captions the server answered about, and how it answered. */
  const settled = useRef<{ key: string; state: SaveState }>({
    key: keyOf(initial),
    state: { status: 'idle' },
  });
  const queue = useRef(Promise.resolve());
  const saving = useRef(false);
  const open = useRef(true);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const saveNow = useCallback(() => {
    clearTimeout(timer.current);
    queue.current = queue.current.then(async () => {
      const captions = latest.current;
      const key = keyOf(captions);
      if (key !== settled.current.key) {
        saving.current = true;
        setState({ status: 'saving' });
        try {
          await mutateAsync(captions);
          settled.current = { key, state: { status: 'saved' } };
        } catch (error) {
          const message = errorMessage(
            error,
            'Please try again.',
            'You seem to be offline. Please try again once you are back online.',
          );
          settled.current = { key, state: { status: 'refused', message } };
          if (!open.current) toast('error', CAPTIONS_NOT_SAVED, message);
        } finally {
          saving.current = false;
        }
      }
      // Words changed during the save wait for their own turn, and say "Saving…" until then.
      if (keyOf(latest.current) === settled.current.key) setState(settled.current.state);
    });
    return queue.current;
  }, [mutateAsync]);

  const { language, vtt } = draft;
  useEffect(() => {
    latest.current = { language, vtt };
    clearTimeout(timer.current);
    if (keyOf(latest.current) === settled.current.key && !saving.current) {
      setState(settled.current.state);
      return;
    }
    setState({ status: 'saving' });
    timer.current = setTimeout(saveNow, SAVE_DELAY_MS);
  }, [language, vtt, saveNow]);

  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
      void saveNow();
    };
  }, [saveNow]);

  /** Sends the same captions again, after a refusal that was not about them (the network, the server). */
  const retry = useCallback(() => {
    settled.current = { key: '', state: { status: 'idle' } };
    void saveNow();
  }, [saveNow]);

  return { state, retry };
};
