import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  type ConcatenatedResponse,
  type EventsTokenResponse,
  soulStoryEvents,
} from '#contract/soul-story.ts';
import { api } from '#web/shared/http.ts';
import { soulStoryKeys } from './keys.ts';

/** Waits before reopening a stream that failed: soon at first, then less often while the server stays away. */
const RETRY_MS = [1000, 5000, 15_000, 30_000];

const eventsToken = () =>
  api<EventsTokenResponse>('/api/soulstory/events/token/', { method: 'POST' }).then(({ token }) => token);

/**
 * A state from the stream is newer than the answer of any fetch of the keepsake still on its way: that
 * fetch is dropped, or it would put back a render the stream has just said is finished.
 */
export const applyKeepsakeEvent = (queryClient: QueryClient, keepsake: ConcatenatedResponse) => {
  void queryClient.cancelQueries({ queryKey: soulStoryKeys.keepsake() });
  queryClient.setQueryData<ConcatenatedResponse>(soulStoryKeys.keepsake(), keepsake);
};

/**
 * Follows the keepsake live through GET /api/soulstory/events/: each state it sends replaces the
 * keepsake query's data, so a finished render shows at once. Answers whether the stream is open; while
 * it is not (connecting, dropped, no EventSource), the keepsake query keeps polling.
 */
export const useKeepsakeEvents = (): boolean => {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;

    const retryLater = () => {
      if (stopped) return;
      retry = setTimeout(connect, RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]);
      failures += 1;
    };
    async function connect() {
      let token: string;
      try {
        token = await eventsToken();
      } catch {
        retryLater();
        return;
      }
      if (stopped) return;
      const opened = new EventSource(`/api/soulstory/events/?token=${encodeURIComponent(token)}`);
      source = opened;
      opened.onopen = () => {
        failures = 0;
        setOpen(true);
      };
      opened.addEventListener(soulStoryEvents.keepsake, (event) => {
        applyKeepsakeEvent(queryClient, JSON.parse(event.data));
      });
      // The token lasts a minute, so EventSource's own reconnection would be refused: reopen with a fresh one.
      opened.onerror = () => {
        opened.close();
        source = null;
        setOpen(false);
        retryLater();
      };
    }

    void connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [queryClient]);

  return open;
};
