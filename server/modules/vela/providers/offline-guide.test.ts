import { describe, expect, it } from 'vitest';
import { chatParametersSchema, type Vibe, vibes } from '#contract/vela.ts';
import { collect } from './index.ts';
import { echoOf, fragmentOf, offlineReply } from './offline-guide.ts';
import { passages } from './offline-library.ts';
import type { ChatTurn } from './provider.ts';

const pilgrimMessages = [
  'Hello',
  'I walked the Camino Francés last spring.',
  'My feet were covered in blisters and I was exhausted every day.',
  'But I met so many wonderful people in the albergues.',
  'Now that I am home everything feels ordinary.',
  'I am afraid I will lose what I found.',
  'Sometimes I feel lonely at work.',
  'I keep thinking about a sunrise near O Cebreiro.',
  'I do not know why I went really.',
  'My grandmother died before I left.',
  'I think I went for her.',
  'What should I do next?',
  'I miss the walking.',
  'I miss the walking.',
  'I miss the walking.',
  'Yes.',
  'Maybe.',
  'I suppose so.',
  'Thank you.',
  'Tell me more.',
];

const converse = (vibe: Vibe, messages: string[]) => {
  const history: ChatTurn[] = [];
  for (const message of messages) {
    const reply = offlineReply({ vibe, teacherName: 'Thich Nhat Hanh', message, history });
    history.push({ role: 'user', content: message }, { role: 'assistant', content: reply });
  }
  return history.filter((turn) => turn.role === 'assistant').map((turn) => turn.content);
};

const sentencesOf = (text: string) =>
  text.match(/[^.!?]+[.!?]+["')]*/g)?.map((part) => part.trim()) ?? [text];

describe('offline guide', () => {
  for (const vibe of vibes) {
    it(`never repeats a sentence in a long ${vibe} conversation`, () => {
      const replies = converse(vibe, pilgrimMessages);
      const seen = new Set<string>();
      for (const reply of replies) {
        for (const sentence of sentencesOf(reply)) {
          if (sentence.length < 12) continue;
          expect(seen.has(sentence), `"${sentence}" said twice`).toBe(false);
          seen.add(sentence);
        }
      }
    });
  }

  it('reflects the pilgrim’s own words back, turned towards them', () => {
    const reply = offlineReply({
      vibe: 'Agnostic',
      teacherName: 'T',
      message: 'I was exhausted every day on the meseta.',
      history: [],
    });
    expect(reply).toMatch(
      /you were exhausted every day on the meseta|I was exhausted every day on the meseta/,
    );
    expect(echoOf('I was tired and my feet hurt')).toBe('you were tired and your feet hurt');
    expect(fragmentOf('One two three four five six seven eight nine ten eleven twelve thirteen.')).toBe(
      'One two three four five six seven eight nine ten eleven twelve…',
    );
  });

  it('asks a question about what the pilgrim speaks of, and ends with one question', () => {
    const reply = offlineReply({
      vibe: 'Atheist',
      teacherName: 'T',
      message: 'My feet had blisters.',
      history: [],
    });
    expect(reply.trim().endsWith('?')).toBe(true);
    expect(reply.match(/\?/g)?.length).toBe(1);
    expect(reply).toMatch(/body|foot|feet/);
  });

  it('offers passages of the chosen worldview only', () => {
    const replies = converse('Faith-based', pilgrimMessages).join('\n');
    expect(passages['Faith-based'].some((passage) => replies.includes(passage.text))).toBe(true);
    expect(passages.Atheist.some((passage) => replies.includes(passage.text))).toBe(false);
    const teacher = converse('Unknown Worldview', pilgrimMessages).join('\n');
    expect(teacher).toContain('Thich Nhat Hanh');
  });

  it('answers within a few milliseconds and streams the same words', async () => {
    const { createOfflineGuide } = await import('./offline-guide.ts');
    const guide = createOfflineGuide({ teacherName: 'T' });
    const request = {
      vibe: 'Agnostic' as const,
      system: '',
      history: [],
      message: 'I miss the road.',
      parameters: chatParametersSchema.parse({}),
    };
    const started = performance.now();
    const whole = await guide.complete!(request);
    expect(performance.now() - started).toBeLessThan(50);
    expect(await collect(guide.stream(request))).toBe(whole);
  });
});
