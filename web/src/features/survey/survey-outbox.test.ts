import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createSurveyOutbox,
  newSubmissionId,
  PENDING_SURVEYS_KEY,
  type PendingSurvey,
  type SendOutcome,
} from './survey-outbox.ts';

const memoryStore = () => {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
};

const survey = (submissionId: string): PendingSurvey => ({
  submissionId,
  overallExperience: 5,
  websiteDesign: 4,
  easeOfUse: 3,
  usedVela: 'no',
  usedSoulStory: 'no',
});

describe('survey outbox', () => {
  it('keeps answers until they are sent, then forgets them', async () => {
    const store = memoryStore();
    const outbox = createSurveyOutbox(store);
    outbox.add(survey('a'));
    outbox.add(survey('b'));
    expect(outbox.pending().map((item) => item.submissionId)).toEqual(['a', 'b']);
    const sent: string[] = [];
    await outbox.flush(async (item) => {
      sent.push(item.submissionId);
      return 'sent';
    });
    expect(sent).toEqual(['a', 'b']);
    expect(outbox.pending()).toEqual([]);
    expect(store.values.has(PENDING_SURVEYS_KEY)).toBe(false);
  });

  it('stops at the first survey that must wait and keeps it and those after it', async () => {
    const outbox = createSurveyOutbox(memoryStore());
    for (const id of ['a', 'b', 'c']) outbox.add(survey(id));
    const outcomes: Record<string, SendOutcome> = { a: 'sent', b: 'retry-later', c: 'sent' };
    await outbox.flush(async (item) => outcomes[item.submissionId]!);
    expect(outbox.pending().map((item) => item.submissionId)).toEqual(['b', 'c']);
  });

  it('drops a survey the server rejected, since sending it again cannot help', async () => {
    const outbox = createSurveyOutbox(memoryStore());
    outbox.add(survey('bad'));
    await outbox.flush(async () => 'rejected');
    expect(outbox.pending()).toEqual([]);
  });

  it('runs one flush at a time, so nothing is sent twice at once', async () => {
    const outbox = createSurveyOutbox(memoryStore());
    outbox.add(survey('a'));
    let calls = 0;
    const send = async () => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return 'sent' as const;
    };
    await Promise.all([outbox.flush(send), outbox.flush(send)]);
    expect(calls).toBe(1);
  });

  it('replaces a survey added twice and survives unreadable storage', () => {
    const store = memoryStore();
    const outbox = createSurveyOutbox(store);
    outbox.add(survey('a'));
    outbox.add({ ...survey('a'), overallExperience: 1 });
    expect(outbox.pending()).toEqual([{ ...survey('a'), overallExperience: 1 }]);
    store.values.set(PENDING_SURVEYS_KEY, '{not json');
    expect(outbox.pending()).toEqual([]);
  });

  it('makes version 4 UUIDs', () => {
    const ids = new Set(Array.from({ length: 50 }, newSubmissionId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(z.uuid({ version: 'v4' }).safeParse(id).success).toBe(true);
  });
});
