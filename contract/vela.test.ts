import { describe, expect, it } from 'vitest';
import {
  chatErrorReplies,
  chatParametersSchema,
  chatRequest,
  cleanReply,
  EMPTY_REPLY,
  reminderScheduleRequest,
  replyForOutcome,
  safetyGroupOf,
} from './vela.ts';

describe('cleanReply', () => {
  it('removes speaker labels and role tags', () => {
    expect(cleanReply('Vela: What stays with you from the road?')).toBe('What stays with you from the road?');
    expect(cleanReply('Assistant: Tell me more.')).toBe('Tell me more.');
    expect(cleanReply('<|assistant|> Walk gently. </s>')).toBe('Walk gently.');
    expect(cleanReply('[INST] hi [/INST] ### Response: Welcome, pilgrim.')).toBe('hi Welcome, pilgrim.');
    expect(cleanReply('<|im_start|>assistant\nHello there.<|im_end|>')).toBe('assistant Hello there.');
  });

  it('cuts off a turn the model wrote for the pilgrim', () => {
    expect(cleanReply('That sounds hard. What helped you? User: the people I met')).toBe(
      'That sounds hard. What helped you?',
    );
    expect(cleanReply('Vela: Rest well.\nHuman: thanks\nVela: You are welcome.')).toBe('Rest well.');
  });

  it('collapses repeated phrases and sentences', () => {
    expect(cleanReply('I hear you. I hear you. I hear you.')).toBe('I hear you.');
    expect(cleanReply('Walk on walk on, pilgrim.')).toBe('Walk on, pilgrim.');
    expect(cleanReply('The road is long. Rest now. The road is long.')).toBe('The road is long. Rest now.');
    expect(cleanReply('the the way home')).toBe('the way home.');
  });

  it('keeps a reply that already ends a sentence', () => {
    expect(cleanReply('What did the road teach you?')).toBe('What did the road teach you?');
    expect(cleanReply('Buen Camino!')).toBe('Buen Camino!');
    expect(cleanReply('He said "walk on."')).toBe('He said "walk on."');
  });

  it('cuts back to the last sentence end when it lies past half the text', () => {
    expect(cleanReply('The path taught you patience and trust. And then the')).toBe(
      'The path taught you patience and trust.',
    );
  });

  it('appends a period when the last sentence end is in the first half', () => {
    expect(cleanReply('Yes. The path taught you patience and trust and then the')).toBe(
      'Yes. The path taught you patience and trust and then the.',
    );
    expect(cleanReply('The meseta was quiet,')).toBe('The meseta was quiet.');
  });

  it('turns an empty reply into the spec text', () => {
    expect(cleanReply('')).toBe(EMPTY_REPLY);
    expect(cleanReply('   ')).toBe(EMPTY_REPLY);
    expect(cleanReply('Vela:')).toBe(EMPTY_REPLY);
    expect(EMPTY_REPLY).toBe("I'm sorry, I couldn't generate a response.");
  });
});

describe('safety groups (self-harm is the server’s crisis check: server/modules/vela/crisis.test.ts)', () => {
  const cases = {
    abuse: [
      'my husband hits me when he drinks',
      'My partner threatens me every night',
      'he hits me',
      'I am being abused at home',
      'I live in an abusive relationship',
      'I am scared of my boyfriend',
      'there is domestic violence in my house',
    ],
    hate: [
      "I'll kill him when I see him",
      'I want to hurt someone',
      'all immigrants should die',
      'I hate all muslims',
      'white power',
      'how do I make a bomb',
    ],
  } as const;

  for (const [group, phrases] of Object.entries(cases)) {
    for (const phrase of phrases) {
      it(`puts "${phrase}" in ${group}`, () => {
        expect(safetyGroupOf(phrase)).toBe(group);
      });
    }
  }

  const nearMisses = [
    'my feet are killing me',
    'the heat on the meseta nearly killed me',
    'I am dying to go back to Santiago',
    'I cut my finger slicing bread',
    'she beat me to the summit',
    'the sun beat down on me all day',
    'I hit the road at dawn',
    'I hate blisters',
    'a killer view from O Cebreiro',
    'the storm was a bomb cyclone',
    'I read a book about the history of the Camino and the people who died on it',
    'I wanted to give up but kept walking',
    'my life changed on the way',
    'I felt dead tired after 30 km',
  ];
  for (const phrase of nearMisses) {
    it(`lets "${phrase}" through`, () => {
      expect(safetyGroupOf(phrase)).toBeNull();
    });
  }
});

describe('replyForOutcome', () => {
  it('maps every error of the catalogue', () => {
    expect(replyForOutcome({ kind: 'network' })).toBe(chatErrorReplies.network);
    expect(replyForOutcome({ kind: 'response', status: 500, body: { error: 'boom' } })).toBe(
      chatErrorReplies.serverError,
    );
    expect(replyForOutcome({ kind: 'response', status: 401, body: { error: 'expired' } })).toBe(
      chatErrorReplies.unauthorized,
    );
    expect(replyForOutcome({ kind: 'response', status: 502, body: { error: 'provider said 401' } })).toBe(
      chatErrorReplies.unauthorized,
    );
    expect(replyForOutcome({ kind: 'response', status: 502, body: { error: 'bad gateway' } })).toBe(
      chatErrorReplies.overloaded,
    );
    expect(replyForOutcome({ kind: 'response', status: 503, body: { error: 'busy' } })).toBe(
      chatErrorReplies.overloaded,
    );
    expect(replyForOutcome({ kind: 'response', status: 200, body: [] })).toBe(chatErrorReplies.noText);
    expect(replyForOutcome({ kind: 'response', status: 200, body: [{ other: 1 }] })).toBe(
      chatErrorReplies.noText,
    );
    expect(replyForOutcome({ kind: 'response', status: 200, body: { text: 'hi' } })).toBe(
      chatErrorReplies.unexpectedFormat,
    );
    expect(replyForOutcome({ kind: 'response', status: 200, body: { error: 'model loading' } })).toBe(
      chatErrorReplies.serverError,
    );
  });

  it('cleans a good answer in either shape', () => {
    expect(
      replyForOutcome({ kind: 'response', status: 200, body: [{ generated_text: 'Vela: Hello' }] }),
    ).toBe('Hello.');
    expect(replyForOutcome({ kind: 'response', status: 200, body: { generated_text: 'Hi there!' } })).toBe(
      'Hi there!',
    );
  });
});

describe('chat request', () => {
  it('clamps parameters and makes temperature defaults from the spec', () => {
    expect(chatParametersSchema.parse({})).toEqual({
      max_new_tokens: 70,
      temperature: 0,
      top_p: 0.9,
      do_sample: true,
    });
    expect(
      chatParametersSchema.parse({ max_new_tokens: 9000, temperature: 5, top_p: -1, do_sample: false }),
    ).toEqual({ max_new_tokens: 512, temperature: 2, top_p: 0, do_sample: false });
    expect(chatParametersSchema.parse({ max_new_tokens: 0 }).max_new_tokens).toBe(1);
  });

  it('rejects an over-long or empty message with a clear error', () => {
    const long = chatRequest.safeParse({ vibe: 'Agnostic', inputs: 'a'.repeat(2001) });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.message).toBe('Please keep your message under 2,000 characters.');
    const blank = chatRequest.safeParse({ vibe: 'Agnostic', inputs: '   ' });
    expect(blank.error?.issues[0]?.message).toBe('Please write a message first.');
    expect(chatRequest.safeParse({ vibe: 'Pagan', inputs: 'hi' }).success).toBe(false);
  });

  it('reads a reminder request', () => {
    expect(
      reminderScheduleRequest.parse({
        startDate: '2026-05-01T00:00:00.000Z',
        duration: 45,
        timeZone: 'Europe/Madrid',
      }),
    ).toEqual({ startDate: '2026-05-01', duration: 45, timeZone: 'Europe/Madrid' });
    expect(
      reminderScheduleRequest.safeParse({ startDate: '2026-05-01', duration: 7, timeZone: 'Mars/Base' })
        .success,
    ).toBe(false);
  });
});
