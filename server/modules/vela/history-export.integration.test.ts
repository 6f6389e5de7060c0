import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '#server/schema.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { newUserDetails, signUp } from '#test/users.ts';

describe(`GET /api/chat/history/export/ on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const exportChat = (headers: Record<string, string>, query = '') =>
    testApp.app.inject({ method: 'GET', url: `/api/chat/history/export/${query}`, headers });

  it('downloads the whole conversation as Markdown by default, or as JSON, and only the pilgrim’s own', async () => {
    const pilgrim = await signUp(testApp, newUserDetails());
    const { userId } = (await testApp.deps.tokens.verify(pilgrim.access))!;
    const start = Date.now() - 10_000;
    // More than the 200 the chat page shows: the file holds them all.
    await testApp.deps.db.insert(schema.chatMessages).values(
      Array.from({ length: 230 }, (_, index) => ({
        userId,
        role: index % 2 === 0 ? ('user' as const) : ('assistant' as const),
        content: index === 0 ? 'Is the *Meseta* hot in July?' : `Message ${index}`,
        createdAt: new Date(start + index),
      })),
    );
    const other = await signUp(testApp, newUserDetails());

    const markdown = await exportChat(pilgrim.headers);
    expect(markdown.statusCode).toBe(200);
    expect(markdown.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(markdown.headers['content-disposition']).toMatch(
      /^attachment; filename="vela-conversation-\d{4}-\d{2}-\d{2}\.md"$/,
    );
    expect(markdown.body).toMatch(/^# Your conversation with Vela\n\nExported on .+ UTC\. 230 messages\.\n/);
    expect(markdown.body).toMatch(
      /\n## You, .+ UTC\n\nIs the \*Meseta\* hot in July\?\n\n## Vela, .+ UTC\n\nMessage 1\n/,
    );
    expect(markdown.body.trimEnd().endsWith('Message 229')).toBe(true);

    const json = await exportChat(pilgrim.headers, '?format=json');
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-disposition']).toMatch(/filename="vela-conversation-.+\.json"$/);
    const transcript = json.json();
    expect(transcript.messages).toHaveLength(230);
    expect(transcript.messages[0]).toEqual({
      role: 'user',
      content: 'Is the *Meseta* hot in July?',
      created_at: new Date(start).toISOString(),
    });

    expect((await exportChat(other.headers, '?format=json')).json().messages).toEqual([]);
    expect((await exportChat(pilgrim.headers, '?format=pdf')).statusCode).toBe(400);
    expect((await exportChat({})).statusCode).toBe(401);
  });
});
