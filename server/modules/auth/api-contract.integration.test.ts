import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { signUp } from '#test/users.ts';

describe(`account and profile routes as documented and under bad input on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('documents every account and profile route with its request and responses', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<
      string,
      Record<string, { requestBody?: unknown; responses: object }>
    >;
    const expected: [string, string][] = [
      ['/api/register/', 'post'],
      ['/api/login/', 'post'],
      ['/api/token/refresh/', 'post'],
      ['/api/logout/', 'post'],
      ['/api/user/', 'get'],
      ['/api/user/', 'put'],
      ['/api/password/reset-request/', 'post'],
      ['/api/password/verify-token/', 'post'],
      ['/api/password/reset/', 'post'],
      ['/api/profile/', 'get'],
      ['/api/profile/', 'put'],
      ['/api/profile/upload/', 'post'],
    ];
    for (const [path, method] of expected) {
      expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
      expect(Object.keys(paths[path]![method]!.responses).length).toBeGreaterThan(0);
    }
    expect(JSON.stringify(paths['/api/register/']!.post!.requestBody)).toContain('nationality');
  });

  it('answers every malformed request with a 4xx and an error, never a 500', async () => {
    const { authorization } = (await signUp(testApp)).headers;
    const routes: [string, string][] = [
      ['POST', '/api/register/'],
      ['POST', '/api/login/'],
      ['POST', '/api/token/refresh/'],
      ['POST', '/api/logout/'],
      ['PUT', '/api/user/'],
      ['POST', '/api/password/reset-request/'],
      ['POST', '/api/password/verify-token/'],
      ['POST', '/api/password/reset/'],
      ['PUT', '/api/profile/'],
    ];
    const bodies: (string | undefined)[] = [
      undefined,
      '',
      'not json',
      '[]',
      'null',
      '"text"',
      '{"email": {"$ne": null}, "password": ["a"], "username": null, "first_name": {}, "bio": [], "token": 1, "refresh": false}',
      JSON.stringify({
        email: `${'a'.repeat(300)}@example.com`,
        password: 'x'.repeat(10_000),
        username: 'y'.repeat(10_000),
      }),
    ];
    const onlyUnknownFields = bodies.at(-1);
    for (const [method, url] of routes) {
      for (const payload of bodies) {
        // Every profile field is optional and unknown ones are dropped: that body changes nothing, rightly.
        if (url === '/api/profile/' && payload === onlyUnknownFields) continue;
        const response = await testApp.app.inject({
          method: method as 'POST' | 'PUT',
          url,
          headers: { authorization, 'content-type': 'application/json' },
          ...(payload === undefined ? {} : { payload }),
        });
        expect(response.statusCode, `${method} ${url} ${payload}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${method} ${url} ${payload}`).toBeLessThan(500);
        expect(typeof response.json().error).toBe('string');
      }
    }
  });
});
