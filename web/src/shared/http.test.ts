import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, errorMessage, request } from './http.ts';

const storage = new Map<string, string>();

beforeEach(() => {
  storage.clear();
  storage.set('token', 'access-1');
  storage.set('refreshToken', 'refresh-1');
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  });
  vi.stubGlobal('window', new EventTarget());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A server whose access tokens expire until the refresh endpoint hands out `access-2`. */
const serverWithExpiredToken = (refreshes: 'succeed' | 'fail') => {
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    if (path === '/api/token/refresh/') {
      return refreshes === 'succeed'
        ? Response.json({ access: 'access-2', refresh: 'refresh-2' })
        : Response.json({ detail: 'Token is invalid' }, { status: 401 });
    }
    if (new Headers(init?.headers).get('authorization') !== 'Bearer access-2') {
      return Response.json({ detail: 'Given token not valid' }, { status: 401 });
    }
    return Response.json({ path });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
};

describe('the request function', () => {
  it('refreshes once for calls that expire together, then retries each with the new token', async () => {
    const fetch = serverWithExpiredToken('succeed');
    const answers = await Promise.all([api('/api/profile/'), api('/api/notifications/')]);
    expect(answers).toEqual([{ path: '/api/profile/' }, { path: '/api/notifications/' }]);
    expect(fetch.mock.calls.filter(([path]) => path === '/api/token/refresh/')).toHaveLength(1);
    expect(storage.get('token')).toBe('access-2');
  });

  it('signs out a JSON call whose session cannot be refreshed, but leaves the raw request to its caller', async () => {
    serverWithExpiredToken('fail');
    const response = await request('/api/chat/stream/', { body: { inputs: 'Hello' } });
    expect(response.status).toBe(401);
    expect(storage.get('token')).toBe('access-1');
    const error = await api('/api/profile/').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 401, message: 'Given token not valid' });
    expect(storage.has('token')).toBe(false);
  });

  it('sends no token when asked not to, and maps a failed network to the network message', async () => {
    const fetch = vi.fn(async (_path: string, _init?: RequestInit) =>
      Response.json({ error: 'Invalid credentials', field: 'email' }, { status: 400 }),
    );
    vi.stubGlobal('fetch', fetch);
    const error = await api('/api/login/', { body: { email: 'a@b.c' }, auth: false }).catch(
      (e: unknown) => e,
    );
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).has('authorization')).toBe(false);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, field: 'email' });
    expect(errorMessage(error, 'Login failed')).toBe('Invalid credentials');

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const offline = await api('/api/profile/').catch((e: unknown) => e);
    expect(errorMessage(offline, 'Failed to load profile', 'You are offline')).toBe('You are offline');
  });
});
