import {
  type ChatParameters,
  chatErrorReplies,
  cleanReply,
  type GeneratedItem,
  type Helpline,
  type RebukedGroup,
  SAFETY_REPLY,
  safetyGroupOf,
  type Vibe,
} from '#contract/vela.ts';
import type { AppDeps } from '#server/deps.ts';
import { Unauthorized } from '#server/http/errors.ts';
import { limit } from '#server/http/rate-limit-rules.ts';
import { crisisAnswer, crisisLanguageOf } from './crisis.ts';
import { allHelplines, helplineFor, internationalHelpline } from './helplines.ts';
import { collect, type GenerationRequest, type ModelProvider } from './providers/index.ts';
import * as repository from './repository.ts';
import { systemPrompt } from './voice.ts';

export interface ChatInput {
  vibe: Vibe;
  inputs: string;
  parameters: ChatParameters;
}

/** A sentence naming the abuse line, so API clients that only read generated_text still get it. */
const abuseLineSentence = (line: Helpline): string => {
  const service = line.abuse ?? line.crisis;
  const parts: string[] = [];
  if (service) parts.push(`In ${line.country_name} you can call ${service.name} on ${service.phone}`);
  if (line.emergency)
    parts.push(`${parts.length ? 'or' : `In ${line.country_name} call`} ${line.emergency} in an emergency`);
  const local = parts.length ? `${parts.join(', ')}. ` : '';
  return `${local}Anywhere in the world, ${line.directory.name} lists free, confidential helplines: ${line.directory.url}`;
};

const safetyAnswer = (group: RebukedGroup, nationality: string | null): GeneratedItem => {
  if (group === 'hate') return { generated_text: SAFETY_REPLY, safety: group };
  const helpline = helplineFor(nationality);
  return { generated_text: `${SAFETY_REPLY} ${abuseLineSentence(helpline)}`, safety: group, helpline };
};

/**
 * A cry for help comes first and gets the reviewed crisis reply in its own language; only abuse and hate
 * get the spec's fixed SAFETY_REPLY. Null when the message may go to the model.
 */
const safetyCheck = (text: string, nationality: string | null): GeneratedItem | null => {
  const language = crisisLanguageOf(text);
  if (language) return crisisAnswer(language, nationality);
  const group = safetyGroupOf(text);
  return group ? safetyAnswer(group, nationality) : null;
};

export type ChatStart =
  | { kind: 'safety'; answer: GeneratedItem }
  | { kind: 'model'; request: GenerationRequest; finish(raw: string): Promise<string | null> };

/** Vela's conversation over the configured model: the only part of the feature that speaks to it. */
export const createChatService = (
  deps: Pick<AppDeps, 'config' | 'db' | 'rateLimiter'>,
  provider: ModelProvider,
) => {
  const { db } = deps;

  /**
   * Safety first: a message in a safety group never reaches a model and never enters a later prompt. The
   * conversation stays open: the next message is read as any other.
   */
  const start = async (userId: string, input: ChatInput, signal?: AbortSignal): Promise<ChatStart> => {
    // Independent reads go together: on PostgreSQL they overlap, on PGlite they simply queue.
    const [, pilgrim, history] = await Promise.all([
      limit(deps, 'chat:user', userId),
      repository.findPilgrim(db, userId),
      repository.listPromptTurns(db, userId, provider.historyTurns),
    ]);
    if (!pilgrim) throw new Unauthorized();
    const answer = safetyCheck(input.inputs, pilgrim.nationality);
    if (answer) {
      await repository.insertExchange(db, {
        userId,
        message: input.inputs,
        reply: answer.generated_text,
        safety: answer.safety ?? null,
      });
      return { kind: 'safety', answer };
    }
    const request: GenerationRequest = {
      vibe: input.vibe,
      system: systemPrompt({
        vibe: input.vibe,
        teacherName: deps.config.VELA_TEACHER_NAME,
        startDate: pilgrim.startDate,
        duration: pilgrim.duration,
      }),
      history,
      message: input.inputs,
      parameters: input.parameters,
      ...(signal ? { signal } : {}),
    };
    return {
      kind: 'model',
      request,
      /** Cleans and keeps the exchange; null when the model gave no text at all. */
      finish: async (raw) => {
        const reply = raw.trim() ? cleanReply(raw) : null;
        await repository.insertExchange(db, {
          userId,
          message: input.inputs,
          reply: reply ?? chatErrorReplies.noText,
        });
        return reply;
      },
    };
  };

  /** POST /api/chat/: the whole reply in the spec's shape; an empty model answer is an array with no text. */
  const answer = async (userId: string, input: ChatInput): Promise<GeneratedItem[]> => {
    const started = await start(userId, input);
    if (started.kind === 'safety') return [started.answer];
    const raw = await (provider.complete?.(started.request) ?? collect(provider.stream(started.request)));
    const reply = await started.finish(raw);
    return reply === null ? [] : [{ generated_text: reply }];
  };

  const history = async (userId: string) => {
    const pilgrim = await repository.findPilgrim(db, userId);
    if (!pilgrim) throw new Unauthorized();
    const rows = await repository.listMessages(db, userId);
    return {
      mode: provider.mode,
      teacher_name: deps.config.VELA_TEACHER_NAME,
      nationality: pilgrim.nationality,
      messages: rows.map((row) => ({
        id: row.id,
        role: row.role,
        content: row.content,
        safety: row.safety,
        created_at: row.createdAt.toISOString(),
      })),
    };
  };

  return {
    start,
    answer,
    /** POST /api/chat/stream/: the model's reply to a started message, piece by piece. */
    stream: (request: GenerationRequest) => provider.stream(request),
    history,
    clear: (userId: string) => repository.clearMessages(db, userId),
    config: () => ({ mode: provider.mode, teacher_name: deps.config.VELA_TEACHER_NAME }),
    helplines: () => ({ helplines: allHelplines(), international: internationalHelpline }),
  };
};

export type ChatService = ReturnType<typeof createChatService>;
