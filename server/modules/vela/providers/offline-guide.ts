import type { Vibe } from '#contract/vela.ts';
import {
  closings,
  generalQuestions,
  openings,
  passages,
  practices,
  reflections,
  themes,
} from './offline-library.ts';
import type { ChatTurn, GenerationRequest, ModelProvider } from './provider.ts';

const MAX_ECHO_WORDS = 12;
/** The whole remembered conversation, so nothing said in it is said again. */
const CONVERSATION_TURNS = 200;

const pronouns: Record<string, string> = {
  i: 'you',
  me: 'you',
  my: 'your',
  mine: 'yours',
  myself: 'yourself',
  am: 'are',
  "i'm": "you're",
  "i've": "you've",
  "i'll": "you'll",
  "i'd": "you'd",
  we: 'you',
  our: 'your',
  us: 'you',
};

/** The pilgrim's own words, shortened to one clause of at most a dozen words. */
export const fragmentOf = (message: string): string => {
  const first =
    message
      .replace(/[\u2018\u2019]/g, "'")
      .split(/[.!?\n]+/)
      .map((part) => part.trim())
      .find(Boolean) ?? message.trim();
  const words = first.split(/\s+/).filter(Boolean);
  const cut = words
    .slice(0, MAX_ECHO_WORDS)
    .join(' ')
    .replace(/[,;:\-–—"]+$/, '');
  return words.length > MAX_ECHO_WORDS ? `${cut}…` : cut;
};

/** The same words turned towards the pilgrim: "I was tired" → "you were tired". */
export const echoOf = (fragment: string): string =>
  fragment
    .replace(/\bI was\b/gi, 'you were')
    .split(/\s+/)
    .map((word) => {
      const bare = word.toLowerCase().replace(/[^a-z']/g, '');
      const swapped = pronouns[bare];
      return swapped ? word.toLowerCase().replace(bare, swapped) : word;
    })
    .join(' ')
    .replace(/^./, (letter) => letter.toLowerCase());

const hash = (text: string) => {
  let value = 2166136261;
  for (let index = 0; index < text.length; index++)
    value = Math.imul(value ^ text.charCodeAt(index), 16777619);
  return value >>> 0;
};

const isGreeting = (message: string) =>
  /^(hi|hello|hey|hola|good (morning|evening|afternoon)|buen camino|ultreia)\b/i.test(message.trim()) &&
  message.trim().split(/\s+/).length <= 4;

/**
 * Reflective listening without a model: it mirrors the pilgrim's own words, adds at times a short passage
 * or practice of their worldview, and asks one question, never saying the same thing twice in a conversation.
 */
export const offlineReply = (request: {
  vibe: Vibe;
  teacherName: string;
  message: string;
  history: ChatTurn[];
}): string => {
  const said = request.history
    .filter((turn) => turn.role === 'assistant')
    .map((turn) => turn.content)
    .join('\n');
  const replies = request.history.filter((turn) => turn.role === 'assistant').length;
  const seed = hash(`${request.message}|${replies}`);
  const fresh = (candidates: string[]): string | null => {
    for (let offset = 0; offset < candidates.length; offset++) {
      const candidate = candidates[(seed + offset) % candidates.length]!;
      if (!sentencesOf(candidate).some((sentence) => said.includes(sentence))) return candidate;
    }
    return null;
  };

  const words = fragmentOf(request.message);
  const echo = echoOf(words);
  const opening = isGreeting(request.message)
    ? fresh(openings)
    : fresh(reflections.map((template) => template.replace('{words}', words).replace('{echo}', echo)));

  const offering =
    replies % 2 === 1
      ? fresh([
          ...passages[request.vibe].map((passage) => `"${passage.text}" (${passage.source})`),
          ...practices[request.vibe].map((practice) => practice.replace('{teacher}', request.teacherName)),
        ])
      : null;

  const matching = themes.filter((theme) => theme.words.test(request.message));
  const others = themes.filter((theme) => !matching.includes(theme));
  const question =
    fresh(matching.flatMap((theme) => theme.questions)) ??
    fresh(generalQuestions) ??
    fresh(others.flatMap((theme) => theme.questions)) ??
    fresh(closings) ??
    `What else would you like to say about "${words}"?`;

  return [opening, offering, question].filter(Boolean).join(' ');
};

/** A candidate counts as said if any of its sentences was, so a shared tail is never heard twice. */
const sentencesOf = (text: string) =>
  (text.match(/[^.!?]+[.!?]+["')]*/g) ?? [text])
    .map((part) => part.trim())
    .filter((part) => part.length >= 12);

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
