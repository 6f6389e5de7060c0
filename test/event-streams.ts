import { type EventSourceMessage, EventSourceParserStream } from 'eventsource-parser/stream';
import { waitFor } from './wait-for.ts';

/** The Soul Story events stream, opened over a real HTTP connection as a browser would. */
export const openStream = async (
  base: string,
  init: { token?: string; headers?: Record<string, string> },
) => {
  const abort = new AbortController();
  const query = init.token ? `?token=${encodeURIComponent(init.token)}` : '';
  const response = await fetch(`${base}/api/soulstory/events/${query}`, {
    headers: { 'accept-encoding': 'br, gzip', ...init.headers },
    signal: abort.signal,
  });
  const received: EventSourceMessage[] = [];
  let ended = false;
  if (response.ok && response.body) {
    const events = response.body
      .pipeThrough(new TextDecoderStream())
      .pipeThrough(new EventSourceParserStream());
    void (async () => {
      try {
        for await (const event of events) received.push(event);
      } catch {
        // Aborted by the test.
      }
      ended = true;
    })();
  }
  return {
    response,
    received,
    ended: () => ended,
    /** The first event received that `match` accepts. */
    next: (match: (event: EventSourceMessage) => boolean, timeoutMs = 20_000) =>
      waitFor(() => received.find(match), Boolean, timeoutMs) as Promise<EventSourceMessage>,
    close: () => abort.abort(),
  };
};
