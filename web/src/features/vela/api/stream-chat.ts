import { EventSourceParserStream } from 'eventsource-parser/stream';
import {
  type ChatOutcome,
  type ChatRequest,
  chatErrorReplies,
  cleanReply,
  type Helpline,
  replyForOutcome,
  type SafetyGroup,
  streamEvents,
} from '#contract/vela.ts';
import { request } from '#web/shared/http.ts';

export interface StreamHandlers {
  /** The reply so far, as pieces arrive. */
  onText(textSoFar: string): void;
}

export interface ChatAnswer {
  text: string;
  /** Set when the server's safety check answered: always for a cry for help, which only the server checks. */
  safety?: SafetyGroup;
  helpline?: Helpline;
}

const readJson = async (response: Response): Promise<unknown> => {
  try {
    return await response.json();
  } catch {
    return null;
  }
};

const failure = (outcome: ChatOutcome): ChatAnswer => ({ text: replyForOutcome(outcome) });

/** An event's JSON payload, or null for one we cannot read, which the reader skips. */
const payloadOf = (data: string): Record<string, unknown> | null => {
  try {
    const payload: unknown = JSON.parse(data);
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
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
    response = await request('/api/chat/stream/', { body, ...(signal ? { signal } : {}) });
  } catch {
    return failure({ kind: 'network' });
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.includes('text/event-stream') || !response.body) {
    return failure({ kind: 'response', status: response.status, body: await readJson(response) });
  }
  const events = response.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream());
  let text = '';
  try {
    for await (const { event, data: raw } of events) {
      const data = payloadOf(raw);
      if (!data) continue;
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
  } catch {
    return failure({ kind: 'network' });
  }
  // The stream ended without its final event: keep what arrived, cleaned, or say the connection broke.
  return text.trim() ? { text: cleanReply(text) } : failure({ kind: 'network' });
};
