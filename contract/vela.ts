import { z } from 'zod';
import { booleanFromText, calendarDate, isTimeZone, numberFromText } from './common.ts';

/** The spec's chat parameters (section 9) and the ranges the server clamps them to. */
export const chatParameters = { max_new_tokens: 70, temperature: 0, top_p: 0.9, do_sample: true } as const;
export const parameterRanges = {
  max_new_tokens: { min: 1, max: 512 },
  temperature: { min: 0, max: 2 },
  top_p: { min: 0, max: 1 },
} as const;
export const MAX_MESSAGE_LENGTH = 2000;
export const SAFETY_REPLY_DELAY_MS = 500;
export const SCHEDULING_FAILED_FOLLOW_UP_MS = 1500;

import { type Vibe, vibes } from './profile.ts';

export { type Vibe, vibes };

/** The label of the fourth worldview names the teacher chosen in configuration; the value never does. */
export const vibeLabel = (vibe: Vibe, teacherName: string): string =>
  vibe === 'Unknown Worldview' ? `Unknown Worldview (${teacherName})` : vibe;

export const durationOptions = [
  { days: 7, label: '7 days or less' },
  { days: 14, label: '14 days' },
  { days: 21, label: '21 days' },
  { days: 30, label: '30 days' },
  { days: 45, label: 'More than 30 days' },
] as const;

/** Words of the /chatbot screen: the note, onboarding, toasts and greetings (spec sections 2, 4, 5 and 8). */
export const chatMessages = {
  noteTitle: 'A note about Vela',
  noteBody: [
    'Ask Vela direct questions: the clearer you are, the more it can help.',
    'Vela is an AI companion, not a therapist or doctor.',
    'This is a space for kindness and honesty, towards others and towards yourself.',
  ],
  introTitle: 'Welcome to Vela',
  introBody:
    'Vela walks beside you after the road: a companion for reflection. A few questions first, so it can meet you where you are.',
  startDateTitle: 'When did your pilgrimage begin?',
  durationTitle: 'How long was your pilgrimage?',
  vibeTitle: 'Which worldview should Vela speak from?',
  selectDate: 'Please select a date',
  selectDuration: 'Please select a duration',
  selectVibe: 'Please select a vibe',
  startDateInFuture: 'The start date cannot be later than today',
  preferencesNotSaved: "Couldn't save preferences",
  preferencesNotSavedDetail: 'We will use them for this visit, but they may not be kept.',
  promptsScheduled: 'Soul Story prompts scheduled',
  schedulingFailed: 'Notification scheduling failed',
  schedulingFailedDetail: 'You can set it up later in your profile.',
  schedulingFailedReply:
    'I could not schedule your Soul Story notifications just now. You can set them up later in your profile.',
  welcomeBack: 'Welcome back',
  welcomeBackReply: 'Welcome back, pilgrim. What is on your heart today?',
  greetings: [
    'Hello, I am Vela, your companion for reflection after the road.',
    'I am an AI companion, not a therapist or doctor. Tell me about your pilgrimage: what is staying with you?',
  ],
  authRequired: 'Authentication required. Please log in again.',
  offlineMode: 'Vela is in offline guide mode',
  offlineModeDetail:
    'No language model is connected, so Vela answers from a curated library of questions and passages, reflecting your own words back to you.',
  messageTooLong: `Please keep your message under ${MAX_MESSAGE_LENGTH.toLocaleString('en')} characters.`,
  messageEmpty: 'Please write a message first.',
  rateLimited: 'You are sending messages very quickly. Please wait a minute and try again.',
  clearHistory: 'Start a new conversation',
  downloadHistory: 'Download chat history',
  downloadHistoryFailed: 'Your chat history could not be downloaded. Please try again.',
} as const;

/**
 * The worldview is a religious or philosophical belief (GDPR art. 9): the web client keeps it only with
 * explicit consent, asked at the vibe step, at the next visit for a vibe stored without it, and withdrawn
 * on the profile.
 */
export const worldviewMessages = {
  consentLabel:
    'Remember my worldview so Vela can speak in a way that fits it. You can withdraw this on your profile at any time.',
  consentDetail:
    'Your worldview is a belief, so we keep it only if you agree. If you leave this unticked, Vela uses it for this visit only.',
  promptTitle: 'Remember your worldview?',
  prompt: (label: string) =>
    `Your worldview (${label}) is saved with your account, but we have no record that you agreed to this. May we keep it so Vela can speak in a way that fits it? You can withdraw this on your profile at any time.`,
  keep: 'Yes, remember it',
  decline: 'No, only for this visit',
  declined: 'Your worldview is erased',
  declinedDetail: 'Vela uses it for this visit only.',
  eraseFailed: 'Your worldview could not be erased. Please try again.',
  cardTitle: 'Your worldview',
  storedWithConsent: (label: string, date: string) =>
    `Stored: ${label}. You agreed on ${date} that Vela may keep it.`,
  storedWithoutConsent: (label: string) =>
    `Stored: ${label}, without your consent on record. Vela will ask you the next time you open the chat.`,
  noneStored:
    'No worldview is stored. When you choose one in the chat, it is kept only if you tick the box to let Vela remember it.',
  withdraw: 'Withdraw consent',
  erase: 'Erase my worldview',
  withdrawn: 'Worldview erased',
} as const;

/** Every assistant reply of the error catalogue (spec section 8), word for word. */
export const chatErrorReplies = {
  serverError: "I'm having trouble processing that. Let's try again.",
  unexpectedFormat: 'I received your message, but I am having trouble forming a response right now.',
  noText: "I'm not sure how to respond to that.",
  network: "I'm having trouble connecting right now. Could you try again in a moment?",
  unauthorized: 'I need to verify your identity. Could you try logging in again?',
  overloaded: 'My thinking process is a bit overloaded. Could we try again in a minute?',
} as const;

export const EMPTY_REPLY = "I'm sorry, I couldn't generate a response.";

export const SAFETY_REPLY =
  'I cannot continue this conversation while harmful or disrespectful language is used. If you are struggling or feel unsafe, please reach out to someone you trust.';

/**
 * The groups a message can be kept under. Self-harm is recognised on the server only, in every language
 * pilgrims write in, and answered with a crisis reply in that language (`server/modules/vela/crisis.ts`):
 * never with SAFETY_REPLY, which would rebuke a person in crisis.
 */
export const safetyKinds = ['selfHarm', 'abuse', 'hate'] as const;
export type SafetyGroup = (typeof safetyKinds)[number];

/** The languages whose cries for help Vela recognises and answers in. */
export const crisisLanguages = ['en', 'es', 'pt', 'it', 'de', 'fr'] as const;
export type CrisisLanguage = (typeof crisisLanguages)[number];

/**
 * The spec's other two groups, met with SAFETY_REPLY. They run in the browser before sending and again on
 * the server, so a client that skips them gains nothing. Each phrase targets a first-person or clearly
 * hostile use; everyday pilgrim talk ("my feet are killing me", "she beat me to the summit") must not match.
 */
export const safetyGroups = {
  abuse: [
    /\bdomestic (abuse|violence)\b/i,
    /\bmy (husband|wife|partner|boyfriend|girlfriend|spouse|ex|father|mother|dad|mum|mom|stepfather|stepmother) (hits|beats|slaps|chokes|kicks|abuses|hurts|threatens|rapes) me\b/i,
    /\b(he|she|they) (hits|slaps|chokes|kicks|abuses|rapes) me\b/i,
    /\b(beats|hits) me (up|every|when|again|until)\b/i,
    /\b(i am|i'm|im|being) (abused|beaten|raped)\b/i,
    /\babusive (husband|wife|partner|boyfriend|girlfriend|relationship|marriage|father|mother|home)\b/i,
    /\b(afraid|scared|terrified) (of|to go home to) my (husband|wife|partner|boyfriend|girlfriend|spouse)\b/i,
  ],
  hate: [
    /\b(i'?ll|i will|i'?m going to|gonna|want to) (kill|shoot|stab|murder|hurt|beat up) (him|her|them|you|someone|everyone|people)\b/i,
    /\b(kill|exterminate|gas|shoot) (all )?(the )?(jews|muslims|christians|gays|immigrants|refugees|blacks|whites|women|foreigners)\b/i,
    /\b(jews|muslims|christians|gays|immigrants|refugees|blacks|whites|women|foreigners) (should|must|deserve to) (all )?(die|be killed|burn)\b/i,
    /\bi hate (all )?(the )?(jews|muslims|christians|gays|immigrants|refugees|blacks|whites|women|foreigners)\b/i,
    /\b(ethnic cleansing|white power|heil hitler|race war)\b/i,
    /\b(make|build|plant) a bomb\b/i,
    /\bshoot up (a|the) (school|church|mosque|synagogue|mall)\b/i,
  ],
} as const;
export type RebukedGroup = keyof typeof safetyGroups;
const rebukedGroupNames = Object.keys(safetyGroups) as RebukedGroup[];

/** The first group the text falls in, or null; typographic apostrophes count as plain ones. */
export const safetyGroupOf = (text: string): RebukedGroup | null => {
  const normalised = text.replace(/[\u2018\u2019]/g, "'").replace(/\s+/g, ' ');
  return (
    rebukedGroupNames.find((group) => safetyGroups[group].some((pattern) => pattern.test(normalised))) ?? null
  );
};

/** Self-harm and abuse matches carry a helpline; hate or violence gets the safety reply alone. */
export const groupNeedsHelpline = (group: SafetyGroup) => group !== 'hate';

const specialTokens = /<\|[^|>]*\|>|<\/?s>|\[\/?INST\]|<<\/?SYS>>|<\/?(assistant|user|system)>/gi;
const userTurn = /(^|\s)(#{1,3}\s*)?(user|human|pilgrim)\s*:/i;
const speakerLabel = /(^|\s)(#{1,3}\s*)?(vela|assistant)\s*:\s*/gi;
const lineLabel = /(^|\n)\s*(ai|bot|system|response|answer|companion)\s*:\s*/gi;
const headingLabel = /#{1,3}\s*(response|answer|assistant|vela|instruction)\s*:?\s*/gi;

const normaliseWord = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}']/gu, '');

/** Drops a run of words that repeats the run just before it ("I hear you I hear you" → "I hear you"). */
const collapseRepeatedRuns = (text: string): string => {
  const words = text.split(/\s+/).filter(Boolean);
  const maxRun = 8;
  let changed = true;
  while (changed) {
    changed = false;
    for (let run = maxRun; run >= 1 && !changed; run--) {
      for (let start = 0; start + 2 * run <= words.length; start++) {
        const first = words.slice(start, start + run).map(normaliseWord);
        const second = words.slice(start + run, start + 2 * run).map(normaliseWord);
        if (first.every((word, index) => word !== '' && word === second[index])) {
          const keptEnd = words[start + 2 * run - 1]!;
          words.splice(start + run, run);
          // Keep the punctuation that closed the repeated run, e.g. "Walk on. Walk on." → "Walk on."
          words[start + run - 1] = keptEnd;
          changed = true;
          break;
        }
      }
    }
  }
  return words.join(' ');
};

const sentences = (text: string) => text.match(/[^.!?]+[.!?]+["')\]]*|[^.!?]+$/g) ?? [];

/** A sentence said once already is not said again. */
const dropRepeatedSentences = (text: string): string => {
  const seen = new Set<string>();
  return sentences(text)
    .filter((sentence) => {
      const key = sentence.split(/\s+/).map(normaliseWord).join(' ').trim();
      if (!key) return false;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((sentence) => sentence.trim())
    .join(' ');
};

const endsASentence = /[.!?]["')\]]*$/;

/** The spec's sentence-end rule: cut back to the last sentence end past half the text, else add a period. */
const finishSentence = (text: string): string => {
  if (endsASentence.test(text)) return text;
  const lastEnd = Math.max(text.lastIndexOf('.'), text.lastIndexOf('!'), text.lastIndexOf('?'));
  if (lastEnd + 1 > text.length / 2) return text.slice(0, lastEnd + 1);
  return `${text.replace(/[,;:\-–—\s]+$/, '')}.`;
};

/** Reply cleaning exactly as the spec's section 5; the server and the browser both use it. */
export const cleanReply = (raw: string): string => {
  let text = raw
    .replace(specialTokens, ' ')
    .replace(headingLabel, ' ')
    .replace(lineLabel, '$1')
    .replace(speakerLabel, '$1')
    .trim();
  // A model that goes on to write the pilgrim's next turn is cut off where that turn begins.
  const turn = userTurn.exec(text);
  if (turn) text = turn.index > 0 ? text.slice(0, turn.index) : text.slice(turn[0].length);
  text = text.replace(/\s+/g, ' ').trim();
  text = dropRepeatedSentences(collapseRepeatedRuns(text)).trim();
  if (!text) return EMPTY_REPLY;
  return finishSentence(text);
};

/** What the browser got back from a chat call, before it becomes an assistant reply. */
export type ChatOutcome = { kind: 'network' } | { kind: 'response'; status: number; body: unknown };

/** The error catalogue's mapping from a chat answer to what Vela says (spec section 8). */
export const replyForOutcome = (outcome: ChatOutcome): string => {
  if (outcome.kind === 'network') return chatErrorReplies.network;
  const { status, body } = outcome;
  const error =
    body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' ? body.error : null;
  if (status === 401 || (error !== null && /\b401\b/.test(error))) return chatErrorReplies.unauthorized;
  if (status === 502 || status === 503) return chatErrorReplies.overloaded;
  if (status === 504) return chatErrorReplies.network;
  if (error !== null || status >= 400) return chatErrorReplies.serverError;
  const first = Array.isArray(body) ? body[0] : body;
  if (Array.isArray(body)) {
    const text =
      first && typeof first === 'object' && 'generated_text' in first ? first.generated_text : null;
    return typeof text === 'string' && text.trim() ? cleanReply(text) : chatErrorReplies.noText;
  }
  if (
    first &&
    typeof first === 'object' &&
    'generated_text' in first &&
    typeof first.generated_text === 'string'
  )
    return cleanReply(first.generated_text);
  return chatErrorReplies.unexpectedFormat;
};

const clampedNumber = (name: keyof typeof parameterRanges) =>
  numberFromText(z.number({ error: `parameters.${name} must be a number` })).transform((value) =>
    Math.min(parameterRanges[name].max, Math.max(parameterRanges[name].min, value as number)),
  );

export const chatParametersSchema = z.object({
  max_new_tokens: clampedNumber('max_new_tokens')
    .transform((value) => Math.round(value))
    .default(chatParameters.max_new_tokens),
  temperature: clampedNumber('temperature').default(chatParameters.temperature),
  top_p: clampedNumber('top_p').default(chatParameters.top_p),
  do_sample: booleanFromText(z.boolean({ error: 'parameters.do_sample must be true or false' })).default(
    chatParameters.do_sample,
  ),
});
export type ChatParameters = z.output<typeof chatParametersSchema>;

export const chatInputsField = z
  .string({ error: chatMessages.messageEmpty })
  .trim()
  .min(1, chatMessages.messageEmpty)
  .max(MAX_MESSAGE_LENGTH, chatMessages.messageTooLong);

export const chatRequest = z.object({
  vibe: z.enum(vibes, { error: chatMessages.selectVibe }),
  inputs: chatInputsField,
  parameters: chatParametersSchema.default(chatParametersSchema.parse({})),
});
export type ChatRequest = z.input<typeof chatRequest>;

export const helpline = z.object({
  country: z.string(),
  country_name: z.string(),
  crisis: z.object({ name: z.string(), phone: z.string() }).nullable(),
  abuse: z.object({ name: z.string(), phone: z.string() }).nullable(),
  emergency: z.string().nullable(),
  directory: z.object({ name: z.string(), url: z.string() }),
});
export type Helpline = z.infer<typeof helpline>;

export const generatedItem = z.object({
  generated_text: z.string(),
  safety: z.enum(safetyKinds).optional(),
  helpline: helpline.optional(),
});
export type GeneratedItem = z.infer<typeof generatedItem>;
export const chatResponse = z.array(generatedItem);

export const chatModes = ['offline', 'openai', 'huggingface'] as const;
export type ChatMode = (typeof chatModes)[number];

export const chatConfigResponse = z.object({ mode: z.enum(chatModes), teacher_name: z.string() });

export const historyMessage = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  safety: z.enum(safetyKinds).nullable(),
  created_at: z.string(),
});

export const historyResponse = z.object({
  mode: z.enum(chatModes),
  teacher_name: z.string(),
  nationality: z.string().nullable(),
  messages: z.array(historyMessage),
});
export type HistoryResponse = z.infer<typeof historyResponse>;

export const helplinesResponse = z.object({
  helplines: z.array(helpline),
  international: helpline,
});
export type HelplinesResponse = z.infer<typeof helplinesResponse>;

/** Events of POST /api/chat/stream/: text arrives in pieces, then one final cleaned reply. */
export const streamEvents = {
  token: 'token',
  done: 'done',
  error: 'error',
} as const;

export const reminderMessages = {
  invalidDate: 'startDate must be a date such as 2026-05-01',
  invalidDuration: 'duration must be a whole number of days from 1 to 365',
  invalidTimeZone: 'Please choose a valid time zone',
} as const;

export const reminderScheduleRequest = z.object({
  startDate: calendarDate(reminderMessages.invalidDate),
  duration: z.coerce
    .number({ error: reminderMessages.invalidDuration })
    .int(reminderMessages.invalidDuration)
    .min(1, reminderMessages.invalidDuration)
    .max(365, reminderMessages.invalidDuration),
  timeZone: z
    .string()
    .max(64, reminderMessages.invalidTimeZone)
    .refine(isTimeZone, reminderMessages.invalidTimeZone)
    .optional(),
});

export const plannedReminder = z.object({
  kind: z.string(),
  title: z.string(),
  send_at: z.string(),
});
export const reminderScheduleResponse = z.object({
  time_zone: z.string(),
  reminders: z.array(plannedReminder),
});
export type ReminderScheduleResponse = z.infer<typeof reminderScheduleResponse>;

/** GET /api/chat/history/export/: the whole conversation, as Markdown to read (the default) or JSON. */
export const chatExportFormats = ['markdown', 'json'] as const;
export const chatExportQuery = z.object({ format: z.enum(chatExportFormats).default('markdown') });

export const chatTranscript = z.object({
  exported_at: z.string(),
  messages: z.array(
    z.object({ role: z.enum(['user', 'assistant']), content: z.string(), created_at: z.string() }),
  ),
});
export type ChatTranscript = z.infer<typeof chatTranscript>;
