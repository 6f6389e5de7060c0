import nlp from 'compromise';
import { type KnowledgeEntry, knowledge } from './offline-knowledge.ts';

type Doc = ReturnType<typeof nlp>;
type View = ReturnType<Doc['terms']>;

/** What a message is, as far as the guide needs to know to answer it. */
export type MessageKind =
  | 'greeting'
  | 'thanks'
  | 'assent'
  | 'dissent'
  | 'unsure'
  | 'farewell'
  | 'question'
  | 'request'
  | 'statement';

export type ShortKind = Exclude<MessageKind, 'question' | 'request' | 'statement'>;

/** Whole short messages, in their normal form (lower case, no accents or punctuation), typos included. */
const shortMessages: Record<ShortKind, string[]> = {
  greeting: [
    'hi',
    'hii',
    'hello',
    'helo',
    'hey',
    'hola',
    'ola',
    'buenos dias',
    'buenas',
    'buenas tardes',
    'buenas noches',
    'good morning',
    'good afternoon',
    'good evening',
    'buen camino',
    'ultreia',
    'hi there',
    'hello there',
    'hello again',
  ],
  thanks: [
    'thanks',
    'thank you',
    'thanks a lot',
    'thank you so much',
    'thanks so much',
    'many thanks',
    'thx',
    'ty',
    'thanx',
    'thnks',
    'thank u',
    'gracias',
    'muchas gracias',
    'obrigado',
    'obrigada',
    'merci',
    'ok thanks',
    'ok thank you',
  ],
  assent: [
    'ok',
    'okay',
    'okk',
    'k',
    'yes',
    'yeah',
    'yep',
    'yup',
    'si',
    'sure',
    'alright',
    'all right',
    'of course',
    'true',
    'exactly',
    'indeed',
    'i agree',
    'right',
    'vale',
    'claro',
    'amen',
    'perfect',
    'great',
    'cool',
    'nice',
    'lovely',
  ],
  dissent: ['no', 'nope', 'nah', 'not really', 'no thanks', 'no thank you', 'not yet', 'never'],
  unsure: [
    'maybe',
    'perhaps',
    'i do not know',
    'i dont know',
    'dunno',
    'not sure',
    'i am not sure',
    'i suppose',
    'i suppose so',
    'i guess',
    'i guess so',
    'hmm',
    'hm',
    'quizas',
    'no se',
    'tal vez',
  ],
  farewell: [
    'bye',
    'goodbye',
    'good bye',
    'good night',
    'goodnight',
    'adios',
    'hasta luego',
    'see you',
    'see you later',
    'ciao',
  ],
};

/** A short message that opens with one of these is of that kind whatever follows ("bye bye", "hello friend"). */
const openingWords: Partial<Record<ShortKind, Set<string>>> = {
  thanks: new Set(['thanks', 'thank', 'thx', 'ty', 'gracias', 'obrigado', 'obrigada', 'merci']),
  greeting: new Set(['hi', 'hello', 'hey', 'hola', 'ola']),
  farewell: new Set(['bye', 'goodbye', 'adios', 'ciao']),
};

/** Common typos of the words the guide's reading hangs on, so "wat is" is still a question. */
const typos: Record<string, string> = {
  wat: 'what',
  wht: 'what',
  whats: "what's",
  hw: 'how',
  u: 'you',
  ur: 'your',
  r: 'are',
  im: "I'm",
  ive: "I've",
  dont: "don't",
  didnt: "didn't",
  cant: "can't",
  wont: "won't",
  pls: 'please',
  plz: 'please',
};

const shortKindOf = new Map<string, ShortKind>(
  Object.entries(shortMessages).flatMap(([kind, phrases]) =>
    phrases.map((phrase) => [phrase, kind as ShortKind] as const),
  ),
);

/** A pronoun of the pilgrim's, turned towards them. */
const towardsThePilgrim: Record<string, string> = {
  i: 'you',
  me: 'you',
  my: 'your',
  mine: 'yours',
  myself: 'yourself',
  we: 'you',
  us: 'you',
  our: 'your',
  ours: 'yours',
  ourselves: 'yourselves',
};

/** "I am" becomes "you are", "I was" "you were"; other verbs agree with "you" as they did with "I". */
const agreeingWithYou: Record<string, string> = { am: 'are', was: 'were' };

/**
 * Common words of the other languages pilgrims write in (Spanish, Portuguese, Italian, French, German) that
 * English sentences do not use; words English shares ("a", "in", "die", "was", "come", "me") are left out.
 * Turning pronouns only works in English ("j'ai envie de me suicider" became "je ai envie de you
 * suicider"), so a message with more of these than English function words is never reflected.
 */
const OTHER_LANGUAGE_WORDS = new Set(
  (
    'el la los las del que es y muy estoy soy fue era tengo hay por para con una mi mis pero como esta lo se yo ' +
    'nao sim eu meu minha voce um uma muito estou foi tenho mas isso ja mais ' +
    'il gli della che sono non ho questo mio io sei molto anche ' +
    'je j le les des du et est suis pas ne avec pour mon mes tres mais qui ce cette nous vous elle ai ' +
    'ich und ist nicht der das ein eine mit fur mein meine sehr aber wie habe auch auf bin'
  ).split(' '),
);
const ENGLISH_WORDS = new Set(
  'i you he she we they it the a an and to of in on at my your our is am are was were be been have has had do did not but so that this with for from me us'.split(
    ' ',
  ),
);

/** Whether the message reads as English: its words of other languages do not outnumber its English ones. */
const readsAsEnglish = (message: string) => {
  const words = message
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}]+/u);
  const other = words.filter((word) => OTHER_LANGUAGE_WORDS.has(word)).length;
  return other <= words.filter((word) => ENGLISH_WORDS.has(word)).length;
};

const SECOND_PERSON = new Set(['you', 'your', 'yours', 'yourself', 'yourselves']);
/** Longer clauses read as a recitation rather than listening, so the guide does not echo them. */
const MAX_ECHO_TERMS = 14;
const MIN_ECHO_TERMS = 3;

interface Term {
  text: string;
  normal: string;
  post: string;
  tags: string[];
}

const termsOf = (doc: View): Term[] =>
  (doc.terms().json() as { terms: Term[] }[]).flatMap((entry) => entry.terms).filter((term) => term.text);

/** The message's words in their normal form, for whole-message look-ups. */
const normalWords = (doc: Doc) =>
  termsOf(doc)
    .map((term) => term.normal.replace(/[^\p{L}\p{N}\s]/gu, ''))
    .filter(Boolean)
    .join(' ');

/**
 * A question by its grammar even without a "?": compromise's own reading, or a message that opens the way
 * questions do ("is the Plata hard", "do you think") and does not end as a statement.
 */
const isQuestion = (doc: Doc, message: string) => {
  if (doc.questions().found) return true;
  if (/[.!]\s*$/.test(message)) return false;
  return doc.has(
    '^(#QuestionWord|#Copula|#Modal|do|does|did|have|has) (#Pronoun|#Determiner|#Noun|#Adjective)',
  );
};

const isRequest = (doc: Doc) =>
  doc.has('^(please)? (tell|explain|describe|share|teach|give|show) (me|us)?') ||
  doc.has('^(i would like|i want|i wanted) to (know|learn|hear) about');

/** The Camino or app subject the message asks about, by the most phrases matched. */
const subjectOf = (doc: Doc): KnowledgeEntry | null => {
  let best: KnowledgeEntry | null = null;
  let bestScore = 0;
  for (const entry of knowledge) {
    const score = entry.about.filter((phrase) => doc.has(phrase)).length;
    if (score > bestScore) {
      best = entry;
      bestScore = score;
    }
  }
  return best;
};

/**
 * The first clause of a statement turned towards the pilgrim ("I was tired and my feet hurt" →
 * "you were tired and your feet hurt"), without the pilgrim's quotation marks; null when it would not read
 * as a clause after "I hear that" (no subject or verb, too long, or speaking to Vela as "you").
 */
const reflectionOf = (doc: Doc): string | null => {
  const first = doc.sentences().first();
  const clause = termsOf(first).length > MAX_ECHO_TERMS ? doc.clauses().first() : first;
  const terms = termsOf(clause);
  // "But I…", "Honestly, I…", "Now I…": the clause starts at its subject.
  while (terms[0] && ['Conjunction', 'Adverb'].some((tag) => terms[0]!.tags.includes(tag))) terms.shift();
  if (terms.length < MIN_ECHO_TERMS || terms.length > MAX_ECHO_TERMS) return null;
  if (terms.some((term) => SECOND_PERSON.has(term.normal))) return null;
  const opener = terms[0]!;
  const hasSubject = ['Pronoun', 'Noun', 'Determiner', 'ProperNoun', 'Possessive'].some((tag) =>
    opener.tags.includes(tag),
  );
  if (!hasSubject || !terms.some((term) => term.tags.includes('Verb'))) return null;
  // "Me llamo Carmen": an English object pronoun never opens an English clause.
  if (opener.tags.includes('QuestionWord') || opener.normal === 'me') return null;

  const words = terms.map((term, index) => {
    const previous = terms[index - 1]?.normal;
    const turned =
      towardsThePilgrim[term.normal] ??
      (previous === 'i' || previous === 'we' ? agreeingWithYou[term.normal] : undefined);
    const keepsCapital = index > 0 || term.tags.includes('ProperNoun');
    const text = turned ?? (keepsCapital ? term.text : term.text.toLowerCase());
    // Expanding "can't" gives "can not"; the written word is "cannot".
    if (term.normal === 'can' && terms[index + 1]?.normal === 'not') return `${text}not`;
    if (term.normal === 'not' && previous === 'can') return null;
    const comma = index < terms.length - 1 && term.post.includes(',') ? ',' : '';
    return `${text.replace(/["“”«»]/g, '')}${comma}`;
  });
  return words.filter(Boolean).join(' ');
};

export interface Reading {
  kind: MessageKind;
  /** False for a message in another language, which the guide neither reflects nor pretends to read. */
  english: boolean;
  /** The statement's first clause turned towards the pilgrim, when it reads well after "I hear that". */
  reflection: string | null;
  /** The subject a question or request asks about, when the guide carries facts on it. */
  subject: KnowledgeEntry | null;
  /** Whether the message holds any of the given words or phrases (compromise match syntax). */
  mentions: (phrases: string[]) => boolean;
}

const MAX_SHORT_WORDS = 4;

/** Reads one pilgrim message with compromise: what kind it is, what it asks about, and its echo. */
export const readMessage = (message: string): Reading => {
  const corrected = message
    .replace(/[\u2018\u2019]/g, "'")
    .split(/(\s+)/)
    .map((word) => typos[word.toLowerCase()] ?? word)
    .join('');
  const doc = nlp(corrected);
  doc.contractions().expand();
  const mentions = (phrases: string[]) => phrases.some((phrase) => doc.has(phrase));
  const normal = normalWords(doc)
    .replace(/\bvela\b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const words = normal.split(' ');
  const short =
    words.length <= MAX_SHORT_WORDS
      ? (shortKindOf.get(normal) ??
        (Object.keys(openingWords) as ShortKind[]).find((kind) =>
          words.some((word, at) => (kind === 'thanks' || at === 0) && openingWords[kind]?.has(word)),
        ))
      : undefined;
  const english = readsAsEnglish(message);
  if (short) return { kind: short, english, reflection: null, subject: null, mentions };
  if (isQuestion(doc, message))
    return { kind: 'question', english, reflection: null, subject: subjectOf(doc), mentions };
  if (isRequest(doc))
    return { kind: 'request', english, reflection: null, subject: subjectOf(doc), mentions };
  return {
    kind: 'statement',
    english,
    reflection: english ? reflectionOf(doc) : null,
    subject: null,
    mentions,
  };
};
