import {
  type ChatOutcome,
  type ChatRequest,
  chatErrorReplies,
  cleanReply,
  type Helpline,
  replyForOutcome,
  type SafetyGroup,
  streamEvents,
} from '../../../../../contract/vela.ts';
import { refreshAccessToken } from '../../../shared/http.ts';
import { readSession } from '../../../shared/session.ts';

export interface StreamHandlers {
  /** The reply so far, as pieces arrive. */
  onText(textSoFar: string): void;
}

export interface ChatAnswer {
  text: string;
  /** Set when the server's own safety check answered (a client that skipped its check). */
  safety?: SafetyGroup;
  helpline?: Helpline;
}

const post = (body: ChatRequest, signal?: AbortSignal) =>
  fetch('/api/chat/stream/', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${readSession().token ?? ''}` },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });

const readJson = async (response: Response): Promise<unknown> => {
  try {
    return await response.json();
  } catch {
    return null;
  }
};

const failure = (outcome: ChatOutcome): ChatAnswer => ({ text: replyForOutcome(outcome) });

/** Splits an event stream into its events; the last, unfinished one waits for more bytes. */
const parseEvents = (buffer: string) => {
  const frames = buffer.split('\n\n');
  const rest = frames.pop() ?? '';
  const events = frames.flatMap((frame) => {
    const event = /^event: (.*)$/m.exec(frame)?.[1];
    const data = /^data: (.*)$/m.exec(frame)?.[1];
    if (!event || data === undefined) return [];
    try {
      return [{ event, data: JSON.parse(data) as Record<string, unknown> }];
    } catch {
      return [];
    }
  });
  return { events, rest };
};

/**
 * Sends one message to Vela and reads the reply as it streams. Every failure becomes the spec's reply for it;
 * a 401 is retried once after a silent refresh, and never signs the pilgrim out from here.
 */
export const streamChat = async (
  body: ChatRequest,
  handlers: StreamHandlers,
  signal?: AbortSignal,
): Promise<ChatAnswer> => {
  let response: Response;
  try {
    response = await post(body, signal);
    if (response.status === 401 && (await refreshAccessToken())) response = await post(body, signal);
  } catch {
    return failure({ kind: 'network' });
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.includes('text/event-stream') || !response.body) {
    return failure({ kind: 'response', status: response.status, body: await readJson(response) });
  }
  const decoder = new TextDecoder();
  let buffer = '';
  let text = '';
  try {
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk, { stream: true });
      const parsed = parseEvents(buffer);
      buffer = parsed.rest;
      for (const { event, data } of parsed.events) {
        if (event === streamEvents.token && typeof data.text === 'string') {
          text += data.text;
          handlers.onText(text);
        } else if (event === streamEvents.done) {
          const final = data.generated_text;
          if (final === null) return { text: chatErrorReplies.noText };
          if (typeof final !== 'string') return failure({ kind: 'response', status: 200, body: data });
          return {
            text: final,
            ...(data.safety ? { safety: data.safety as SafetyGroup } : {}),
            ...(data.helpline ? { helpline: data.helpline as Helpline } : {}),
          };
        } else if (event === streamEvents.error) {
          const status = typeof data.status === 'number' ? data.status : 500;
          return failure({ kind: 'response', status, body: data });
        }
      }
    }
  } catch {
    return failure({ kind: 'network' });
  }
  // The stream ended without its final event: keep what arrived, cleaned, or say the connection broke.
  return text.trim() ? { text: cleanReply(text) } : failure({ kind: 'network' });
};
