import type { ChatMode, ChatParameters, Vibe } from '#contract/vela.ts';
import { AppError } from '#server/http/errors.ts';

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface GenerationRequest {
  vibe: Vibe;
  /** Vela's voice for this worldview and this pilgrim. */
  system: string;
  /** The earlier conversation, oldest first, without messages that matched a safety group. */
  history: ChatTurn[];
  message: string;
  parameters: ChatParameters;
  signal?: AbortSignal;
}

/** A language model (or the offline guide) that answers in pieces of text. */
export interface ModelProvider {
  mode: ChatMode;
  /** How many earlier turns it reads: a model sees a recent window, the offline guide the conversation. */
  historyTurns: number;
  stream(request: GenerationRequest): AsyncIterable<string>;
  /** The whole answer at once, when the provider has a faster way than collecting the stream. */
  complete?(request: GenerationRequest): Promise<string>;
}

export type ProviderFailure =
  | 'unauthorized'
  | 'overloaded'
  | 'timeout'
  | 'unreachable'
  | 'error'
  | 'bad-shape';

const answers: Record<ProviderFailure, { status: number; message: string }> = {
  unauthorized: { status: 502, message: 'The language model refused Vela’s credentials (401).' },
  overloaded: { status: 503, message: 'The language model is overloaded right now (503).' },
  timeout: { status: 504, message: 'The language model did not answer in time.' },
  unreachable: { status: 504, message: 'The language model could not be reached.' },
  error: { status: 500, message: 'The language model could not process this message.' },
  'bad-shape': { status: 502, message: 'The language model answered in an unexpected format.' },
};

/**
 * A provider's failure, answered with the status and words the chat maps to the spec's replies
 * (401 → "verify your identity", 502/503 → "overloaded", 504 → "trouble connecting", else "trouble processing").
 */
export class ProviderError extends AppError {
  readonly failure: ProviderFailure;
  readonly detail: string;
  constructor(failure: ProviderFailure, detail = '') {
    super(answers[failure].status, answers[failure].message);
    this.failure = failure;
    this.detail = detail;
  }
}

export const failureForStatus = (status: number): ProviderFailure => {
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 429 || status === 502 || status === 503 || status === 529) return 'overloaded';
  if (status === 504) return 'timeout';
  return 'error';
};

/** Aborts when no byte has arrived for `ms`, or when the caller gives up. */
export const idleDeadline = (ms: number, outer?: AbortSignal) => {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const touch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(new ProviderError('timeout')), ms);
  };
  touch();
  const signal = outer ? AbortSignal.any([outer, controller.signal]) : controller.signal;
  return { signal, touch, done: () => clearTimeout(timer), timedOut: () => controller.signal.aborted };
};

/** A fetch whose network failures and our own deadline become provider failures. */
export const providerFetch = async (
  url: string,
  init: RequestInit,
  deadline: ReturnType<typeof idleDeadline>,
): Promise<Response> => {
  try {
    return await fetch(url, { ...init, signal: deadline.signal });
  } catch (error) {
    throw asProviderError(error, deadline);
  }
};

export const asProviderError = (error: unknown, deadline: ReturnType<typeof idleDeadline>): Error => {
  if (error instanceof ProviderError) return error;
  if (deadline.timedOut()) return new ProviderError('timeout');
  if ((error as Error).name === 'AbortError') return error as Error;
  return new ProviderError('unreachable', (error as Error).message);
};

/** Reads a failed response's text for the log; providers put their reason in varied places. */
export const failureFromResponse = async (response: Response): Promise<ProviderError> => {
  const body = await response.text().catch(() => '');
  return new ProviderError(failureForStatus(response.status), `${response.status} ${body.slice(0, 500)}`);
};
