import type { Vibe } from '#contract/vela.ts';
import {
  acknowledgements,
  closings,
  generalQuestions,
  knowledgeIntroductions,
  knowledgeRepeats,
  openers,
  otherLanguageAcknowledgements,
  passages,
  practices,
  questionAcknowledgements,
  reflections,
  requestAcknowledgements,
  shortReplies,
  themes,
} from './offline-library.ts';
import { type Reading, readMessage } from './offline-reading.ts';
import type { ChatTurn, GenerationRequest, ModelProvider } from './provider.ts';

/** The whole remembered conversation, so nothing said in it is said again. */
const CONVERSATION_TURNS = 200;
/** When every candidate has been said somewhere in a long conversation, one not heard lately will do. */
const RECENT_REPLIES = 10;

const hash = (text: string) => {
  let value = 2166136261;
  for (let index = 0; index < text.length; index++)
    value = Math.imul(value ^ text.charCodeAt(index), 16777619);
  return value >>> 0;
};

/** A candidate counts as said if any of its sentences was, so a shared tail is never heard twice. */
const sentencesOf = (text: string) =>
  (text.match(/[^.!?]+[.!?]+["'”)]*/g) ?? [text]).map((part) => part.trim()).filter(Boolean);

/**
 * Answers without a model. It reads the message with compromise: short messages get short answers; a
 * question is acknowledged as a question (and answered from the guide's small knowledge base when it asks
 * for facts it carries); a statement is reflected back, turned towards the pilgrim. A worldview's passage
 * or practice comes every other turn, and a question closes the reply. Nothing said in the conversation
 * is said again while anything unsaid remains.
 */
export const offlineReply = (request: {
  vibe: Vibe;
  teacherName: string;
  message: string;
  history: ChatTurn[];
}): string => {
  const earlier = request.history.filter((turn) => turn.role === 'assistant').map((turn) => turn.content);
  const saidEver = new Set(earlier.flatMap(sentencesOf));
  const saidLately = new Set(earlier.slice(-RECENT_REPLIES).flatMap(sentencesOf));
  const seed = hash(`${request.message}|${earlier.length}`);
  /** Offerings are extras, said once at most; what a reply needs may come back once it is not recent. */
  const fresh = (candidates: string[], onlyOnce = false): string | null => {
    for (const said of onlyOnce ? [saidEver] : [saidEver, saidLately]) {
      for (let offset = 0; offset < candidates.length; offset++) {
        const candidate = candidates[(seed + offset) % candidates.length]!;
        if (!sentencesOf(candidate).some((sentence) => said.has(sentence))) return candidate;
      }
    }
    return null;
  };

  const reading = readMessage(request.message);
  const question = () => closingQuestion(reading, fresh);
  const offering = () =>
    earlier.length % 2 === 1
      ? fresh(
          [
            ...passages[request.vibe].map((passage) => `“${passage.text}” (${passage.source})`),
            ...practices[request.vibe].map((practice) => practice.replace('{teacher}', request.teacherName)),
          ],
          true,
        )
      : null;
  const join = (...parts: (string | null)[]) => parts.filter(Boolean).join(' ');

  switch (reading.kind) {
    case 'thanks':
    case 'farewell':
      return fresh(shortReplies[reading.kind]) ?? question();
    case 'greeting':
      return join(fresh(shortReplies.greeting), fresh(openers) ?? question());
    case 'assent':
    case 'dissent':
    case 'unsure':
      return join(fresh(shortReplies[reading.kind]), question());
    case 'question':
    case 'request': {
      const subject = reading.subject;
      if (subject) {
        const answer = knowledgeIntroductions.map((intro) => intro.replace('{answer}', subject.answer));
        const shared = earlier.some((reply) => reply.includes(subject.answer));
        if (!shared) return join(fresh(answer), fresh([subject.followUp]));
        return join(
          fresh(knowledgeRepeats.map((line) => line.replace('{subject}', subject.subject))),
          question(),
        );
      }
      const acknowledged =
        reading.kind === 'question' ? fresh(questionAcknowledgements) : fresh(requestAcknowledgements);
      return join(acknowledged, offering(), question());
    }
    case 'statement': {
      const echo = reading.reflection;
      const listened =
        (echo ? fresh(reflections.map((template) => template.replace('{echo}', echo))) : null) ??
        (reading.english ? null : fresh(otherLanguageAcknowledgements)) ??
        fresh(acknowledgements);
      return join(listened, offering(), question());
    }
  }
};

/** One question to close a reply, on what the pilgrim speaks of when a theme matches. */
const closingQuestion = (reading: Reading, fresh: (candidates: string[]) => string | null): string => {
  const matching = themes.filter((theme) => reading.mentions(theme.words));
  const others = themes.filter((theme) => !matching.includes(theme));
  return (
    fresh(matching.flatMap((theme) => theme.questions)) ??
    fresh(generalQuestions) ??
    fresh(others.flatMap((theme) => theme.questions)) ??
    fresh(closings) ??
    generalQuestions[0]!
  );
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The embedded default: no network, no model weights. Streams word by word at a reading pace. */
export const createOfflineGuide = (options: { teacherName: string; wordPauseMs?: number }): ModelProvider => {
  const reply = (request: GenerationRequest) =>
    offlineReply({
      vibe: request.vibe,
      teacherName: options.teacherName,
      message: request.message,
      history: request.history,
    });
  return {
    mode: 'offline',
    historyTurns: CONVERSATION_TURNS,
    complete: async (request) => reply(request),
    async *stream(request) {
      const words = reply(request).split(/(?<=\s)/);
      for (const word of words) {
        if (request.signal?.aborted) return;
        yield word;
        if (options.wordPauseMs) await pause(options.wordPauseMs);
      }
    },
  };
};
