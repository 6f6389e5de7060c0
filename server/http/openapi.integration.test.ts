import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';

type Operation = { operationId?: string; security?: unknown[]; responses: Record<string, unknown> };

describe(`the OpenAPI document on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  let document: {
    servers?: { url: string }[];
    paths: Record<string, Record<string, Operation>>;
  };
  const operations = () =>
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ method, path, operation })),
    );

  beforeAll(async () => {
    testApp = await createTestApp({ PUBLIC_URL: 'https://pilgrims.example' });
    document = (await testApp.app.inject({ url: '/api/openapi.json' })).json();
  });
  afterAll(() => testApp.close());

  it('names the server from PUBLIC_URL', () => {
    expect(document.servers).toEqual([{ url: 'https://pilgrims.example' }]);
  });

  it('gives every operation a unique camelCase operationId', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.length).toBeGreaterThan(70);
    for (const id of ids) expect(id).toMatch(/^[a-z]+(?:[A-Z0-9][a-z0-9]*)*$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/posts/']!.get!.operationId).toBe('getPosts');
    expect(document.paths['/api/posts/{id}/']!.get!.operationId).toBe('getPostsById');
  });

  it('declares security on every operation: bearer where signed in, none where public', async () => {
    for (const { method, path, operation } of operations()) {
      expect(operation.security, `${method} ${path}`).toBeDefined();
      if (operation.security!.length > 0) continue;
      // A public operation never refuses a caller for the lack of a token.
      if (method !== 'get' || path.includes('{')) continue;
      const response = await testApp.app.inject({ method: 'GET', url: path });
      expect(response.statusCode, path).not.toBe(401);
    }
    expect(document.paths['/api/posts/']!.get!.security).toEqual([]);
    expect(document.paths['/api/profile/']!.get!.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/api/admin/posts/']!.get!.security).toEqual([{ bearer: [] }]);
  });

  it('writes no nullable without a type', () => {
    const offenders: string[] = [];
    const walk = (value: unknown, at: string) => {
      if (!value || typeof value !== 'object') return;
      if ('nullable' in value && !('type' in value)) offenders.push(at);
      for (const [key, child] of Object.entries(value)) walk(child, `${at}/${key}`);
    };
    walk(document, '#');
    expect(offenders).toEqual([]);
  });

  it('documents a 2xx and a 4xx answer for every operation', () => {
    for (const { method, path, operation } of operations()) {
      const codes = Object.keys(operation.responses);
      expect(
        codes.some((code) => code.startsWith('2')),
        `${method} ${path}`,
      ).toBe(true);
      expect(
        codes.some((code) => code.startsWith('4')),
        `${method} ${path}`,
      ).toBe(true);
    }
  });
});
