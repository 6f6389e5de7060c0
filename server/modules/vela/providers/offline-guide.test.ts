import { describe, expect, it } from 'vitest';
import { chatParametersSchema, type Vibe, vibes } from '#contract/vela.ts';
import { collect } from './index.ts';
import { pilgrimConversations } from './offline-guide.corpus.ts';
import { createOfflineGuide, offlineReply } from './offline-guide.ts';
import { knowledge } from './offline-knowledge.ts';
import {
  otherLanguageAcknowledgements,
  passages,
  questionAcknowledgements,
  shortReplies,
} from './offline-library.ts';
import { readMessage } from './offline-reading.ts';
import type { ChatTurn } from './provider.ts';

const TEACHER = 'Thich Nhat Hanh';

const converse = (vibe: Vibe, messages: string[]) => {
  const history: ChatTurn[] = [];
  for (const message of messages) {
    const reply = offlineReply({ vibe, teacherName: TEACHER, message, history });
    history.push({ role: 'user', content: message }, { role: 'assistant', content: reply });
  }
  return messages.map((message, index) => ({ message, reply: history[index * 2 + 1]!.content }));
};

const replyTo = (message: string, vibe: Vibe = 'Faith-based') =>
  offlineReply({ vibe, teacherName: TEACHER, message, history: [] });

const sentencesOf = (text: string) =>
  text.match(/[^.!?]+[.!?]+["'”)]*/g)?.map((part) => part.trim()) ?? [text];

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’']/g, "'")
    .split(/[^\p{L}\p{N}']+/u)
    .filter(Boolean);

/** The pilgrim's words as a naive mirror would turn them: "why do I miss" → "why do you miss". */
const mirrored: Record<string, string> = {
  i: 'you',
  me: 'you',
  my: 'your',
  am: 'are',
  was: 'were',
  we: 'you',
};

const runsOf = (words: string[], length: number) =>
  words
    .slice(0, Math.max(0, words.length - length + 1))
    .map((_, at) => words.slice(at, at + length).join(' '));

/** Taken as a question by its own look, independently of the guide's reading. */
const looksLikeAQuestion = (message: string) =>
  message.trim().endsWith('?') ||
  /^(why|what|wat|how|where|when|who|is|are|do|does|did|can|could|should|will|would|have)\b/i.test(
    message.trim(),
  );

/** What every reply must be, whatever the message. */
const problemsWith = (message: string, reply: string): string[] => {
  const problems: string[] = [];
  if (!/[.!?]$/.test(reply)) problems.push('does not end with . ! or ?');
  if (/["“”]\s*["“”]/.test(reply)) problems.push('has doubled quotation marks');
  if ((reply.match(/"/g) ?? []).length % 2 !== 0) problems.push('has an unbalanced straight quotation mark');
  let depth = 0;
  for (const mark of reply.match(/[“”]/g) ?? []) {
    depth += mark === '“' ? 1 : -1;
    if (depth < 0 || depth > 1) problems.push('has nested or unbalanced curly quotation marks');
  }
  if (depth !== 0) problems.push('leaves a quotation open');
  // A curated answer may name the route asked about; what is left must not echo the pilgrim.
  const ownWords = knowledge.reduce((text, entry) => text.replace(entry.answer, ' '), reply);
  const replyText = wordsOf(ownWords).join(' ');
  const words = wordsOf(message);
  if (looksLikeAQuestion(message)) {
    const turned = words.map((word) => mirrored[word] ?? word);
    // The old guide's fault: "I hear that why do you miss the walking so much."
    for (const opening of [words.slice(0, 2), turned.slice(0, 2)])
      if (` ${replyText} `.includes(` that ${opening.join(' ')} `))
        problems.push('echoes a question as a statement');
    for (const run of [...runsOf(words, 4), ...runsOf(turned, 4)])
      if (` ${replyText} `.includes(` ${run} `)) problems.push(`repeats the question's words "${run}"`);
  }
  // The old guide's fault: "What you shared, that thanks, stays with me."
  if (words.length <= 3 && words.length > 0 && new RegExp(`\\bthat ${words.join(' ')}\\b`, 'i').test(reply))
    problems.push('echoes a short message as if it were a statement');
  return problems;
};

describe('offline guide', () => {
  it('has a corpus of at least 200 pilgrim messages in conversations of ten turns or more', () => {
    expect(pilgrimConversations.flat().length).toBeGreaterThanOrEqual(200);
    for (const conversation of pilgrimConversations) expect(conversation.length).toBeGreaterThanOrEqual(10);
  });

  pilgrimConversations.forEach((messages, index) => {
    const vibe = vibes[index % vibes.length]!;
    it(`answers conversation ${index + 1} (${vibe}) in whole sentences, never repeating itself`, () => {
      const turns = converse(vibe, messages);
      for (const [at, { message, reply }] of turns.entries()) {
        expect(problemsWith(message, reply), `"${message}" → "${reply}"`).toEqual([]);
        const recent = turns.slice(Math.max(0, at - 10), at).map((turn) => turn.reply);
        expect(recent, `"${reply}" repeated within ten turns`).not.toContain(reply);
      }
    });
  });

  it('would have caught the old guide’s broken replies', () => {
    expect(
      problemsWith('Why do I miss the walking so much?', 'I hear that why do you miss the walking so much.'),
    ).not.toEqual([]);
    expect(
      problemsWith(
        'What is the meaning of suffering?',
        'Thank you for telling me that what is the meaning of suffering.',
      ),
    ).not.toEqual([]);
    expect(problemsWith('thanks', 'What you shared, that thanks, stays with me.')).not.toEqual([]);
    expect(
      problemsWith('I feel lost.', 'It sounds as though you feel lost. ""Hope" is the thing with feathers.'),
    ).not.toEqual([]);
  });

  it('acknowledges a question as a question, without turning it into a statement', () => {
    const why = replyTo('Why do I miss the walking so much?');
    expect(questionAcknowledgements.some((line) => why.startsWith(line))).toBe(true);
    expect(why).not.toMatch(/miss the walking/);
    expect(why.endsWith('?')).toBe(true);
    const meaning = replyTo('What is the meaning of suffering?');
    expect(meaning).not.toMatch(/meaning of suffering/);
    expect(questionAcknowledgements.some((line) => meaning.startsWith(line))).toBe(true);
  });

  it('knows a question without its question mark', () => {
    expect(readMessage('is the via de la plata hard').kind).toBe('question');
    expect(readMessage('how long is the camino frances').kind).toBe('question');
    expect(readMessage('I walked the Plata.').kind).toBe('statement');
    expect(replyTo('is the via de la plata hard')).toContain('about 1,000 km');
  });

  it('answers a question about the Camino from what it carries, saying it is the offline guide', () => {
    const frances = replyTo('Tell me about the Camino Francés');
    expect(frances).toMatch(/offline guide/);
    expect(frances).toContain('about 780 km from Saint-Jean-Pied-de-Port');
    expect(replyTo('What is the Compostela?')).toContain('at least the last 100 km');
    expect(replyTo('What is a Soul Story?')).toContain('four short video reflections');
    expect(replyTo('Why do I feel so down after the Camino?')).toContain('post-Camino blues');
    for (const entry of knowledge) expect(entry.answer).toMatch(/[.!?]$/);
  });

  it('says it has shared what it knows when the same subject comes back', () => {
    const [first, second] = converse('Agnostic', ['What is the Camino Primitivo?', 'Is the Primitivo hard?']);
    expect(first!.reply).toContain('Oviedo');
    expect(second!.reply).not.toContain('Oviedo');
    expect(second!.reply).toMatch(/the Camino Primitivo/);
  });

  it('gives short messages short, fitting answers', () => {
    for (const [message, kind] of [
      ['thanks', 'thanks'],
      ['Gracias!', 'thanks'],
      ['thank you for listening', 'thanks'],
      ['ok', 'assent'],
      ['yes', 'assent'],
      ['no', 'dissent'],
      ['hi', 'greeting'],
      ['Hola', 'greeting'],
      ['bye', 'farewell'],
    ] as const) {
      expect(readMessage(message).kind, message).toBe(kind);
      const reply = replyTo(message);
      expect(
        shortReplies[kind].some((line) => reply.startsWith(line)),
        `${message} → ${reply}`,
      ).toBe(true);
      expect(sentencesOf(reply).length, reply).toBeLessThanOrEqual(3);
    }
    expect(replyTo('thanks')).not.toMatch(/\?$/);
  });

  it('reflects a statement with its pronouns and verbs turned towards the pilgrim', () => {
    expect(readMessage('I was exhausted every day on the meseta.').reflection).toBe(
      'you were exhausted every day on the meseta',
    );
    expect(readMessage('I’m tired and my feet hurt.').reflection).toBe('you are tired and your feet hurt');
    expect(readMessage('But we were lost without our map.').reflection).toBe(
      'you were lost without your map',
    );
    expect(readMessage('Santiago gave me back myself.').reflection).toBe('Santiago gave you back yourself');
    expect(readMessage('I can’t stop thinking about it.').reflection).toBe(
      'you cannot stop thinking about it',
    );
    expect(replyTo('I was exhausted every day on the meseta.')).toContain(
      'you were exhausted every day on the meseta',
    );
  });

  it('does not turn a Spanish sentence as if it were English', () => {
    expect(readMessage('El camino me cambió la vida.').reflection).toBeNull();
    expect(readMessage('Me llamo Carmen and I walked the Norte.').reflection).toBeNull();
    expect(readMessage('I walked the Vía de la Plata in May.').reflection).toBe(
      'you walked the Vía de la Plata in May',
    );
  });

  it('reflects only English, and tells a pilgrim writing in another language that it answers in English', () => {
    for (const message of [
      "J'ai marché depuis Saint-Jean avec mon frère.",
      'Ich bin sehr müde, aber glücklich.',
      'Sono arrivato a Santiago con mia sorella.',
      'Eu estou muito cansado mas feliz.',
      'Estoy muy cansado.',
      'Echo de menos el camino',
    ]) {
      const reading = readMessage(message);
      expect(reading.english, message).toBe(false);
      expect(reading.reflection, message).toBeNull();
      const reply = replyTo(message);
      expect(
        otherLanguageAcknowledgements.some((line) => reply.startsWith(line)),
        `${message} → ${reply}`,
      ).toBe(true);
      expect(reply).not.toMatch(/\byou (ai|suis|bin|sono|estou|estoy)\b|\bje ai\b/i);
    }
    expect(readMessage('I stayed in El Acebo and it was lovely.').english).toBe(true);
    expect(readMessage('I walked the Camino de Santiago with my son.').reflection).toBe(
      'you walked the Camino de Santiago with your son',
    );
  });

  it('never quotes the pilgrim, so quotation marks never nest', () => {
    const reply = replyTo('The hospitalero said "everyone walks their own Camino" and I keep hearing it.');
    expect(reply).not.toMatch(/"/);
    expect(problemsWith('', reply)).toEqual([]);
    for (const vibe of vibes) for (const passage of passages[vibe]) expect(passage.text).not.toMatch(/["“”]/);
  });

  for (const vibe of vibes) {
    it(`never repeats a sentence in a long ${vibe} conversation`, () => {
      const seen = new Set<string>();
      for (const { reply } of converse(vibe, pilgrimConversations[0]!.concat(pilgrimConversations[1]!))) {
        for (const sentence of sentencesOf(reply)) {
          expect(seen.has(sentence), `"${sentence}" said twice`).toBe(false);
          seen.add(sentence);
        }
      }
    });
  }

  it('offers passages and practices of the chosen worldview only', () => {
    const messages = pilgrimConversations[6]!;
    const faith = converse('Faith-based', messages)
      .map((turn) => turn.reply)
      .join('\n');
    expect(passages['Faith-based'].some((passage) => faith.includes(passage.text))).toBe(true);
    expect(passages.Atheist.some((passage) => faith.includes(passage.text))).toBe(false);
    const teacher = converse('Unknown Worldview', messages)
      .map((turn) => turn.reply)
      .join('\n');
    expect(teacher).toContain(TEACHER);
  });

  it('answers within a few milliseconds and streams the same words', async () => {
    const guide = createOfflineGuide({ teacherName: 'T' });
    const request = {
      vibe: 'Agnostic' as const,
      system: '',
      history: [],
      message: 'I miss the road.',
      parameters: chatParametersSchema.parse({}),
    };
    await guide.complete!(request);
    const started = performance.now();
    const whole = await guide.complete!(request);
    expect(performance.now() - started).toBeLessThan(50);
    expect(await collect(guide.stream(request))).toBe(whole);
  });
});
