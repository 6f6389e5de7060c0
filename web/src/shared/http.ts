import { clearSession, readSession, saveTokens, storageKeys } from './session.ts';

/** A failed call: the server's `error` (then `detail`), the status, and whether the network itself failed. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string | undefined;
  readonly field: string | undefined;
  readonly network: boolean;
  constructor(
    message: string,
    options: { status?: number; detail?: string; field?: string; network?: boolean } = {},
  ) {
    super(message);
    this.status = options.status ?? 0;
    this.detail = options.detail;
    this.field = options.field;
    this.network = options.network ?? false;
  }
}

/** The spec's precedence: the server's error field, then its detail field, then our fallback. */
export const errorMessage = (error: unknown, fallback: string, networkMessage = fallback): string => {
  if (error instanceof ApiError) {
    if (error.network) return networkMessage;
    return error.message || error.detail || fallback;
  }
  return fallback;
};

/** The header that proves who is calling, for our requests and tus's alike; none while signed out. */
export const bearerAuthorization = (): string | undefined => {
  const token = readSession().token;
  return token ? `Bearer ${token}` : undefined;
};

/** The server's refusal from its status and body, for our requests and tus's alike. */
export const apiErrorFrom = (status: number, body: string): ApiError => {
  let parsed: { error?: string; detail?: string; field?: string } = {};
  try {
    parsed = JSON.parse(body);
  } catch {
    // A body that is not JSON carries no message for people.
  }
  return new ApiError(parsed.error ?? parsed.detail ?? '', {
    status,
    ...(parsed.detail ? { detail: parsed.detail } : {}),
    ...(parsed.field ? { field: parsed.field } : {}),
  });
};

export interface RequestOptions {
  method?: string;
  body?: unknown;
  /** Send the bearer token (default true when one is held). */
  auth?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Reports upload progress in percent; such a request goes through XMLHttpRequest, since fetch cannot. */
  onUploadProgress?: (percent: number) => void;
}

let refreshing: Promise<boolean> | null = null;

/** One silent refresh shared by every call that got a 401 at the same moment. */
export const refreshAccessToken = (): Promise<boolean> => {
  refreshing ??= (async () => {
    const refresh = localStorage.getItem(storageKeys.refreshToken);
    if (!refresh) return false;
    try {
      const response = await fetch('/api/token/refresh/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh }),
      });
      if (!response.ok) return false;
      const tokens = (await response.json()) as { access: string; refresh: string };
      saveTokens(tokens.access, tokens.refresh);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
};

/** What we send: JSON text or multipart form data, which fetch and XMLHttpRequest both take. */
type OutgoingRequest = RequestInit & { body?: string | FormData };

/** fetch's shape (status and body) over XMLHttpRequest, the one browser API that reports upload progress. */
const fetchWithUploadProgress = (
  path: string,
  init: OutgoingRequest,
  onProgress: (percent: number) => void,
) =>
  new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'GET', path);
    for (const [name, value] of new Headers(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    // A 204 may not carry even an empty body.
    xhr.onload = () =>
      resolve(new Response(xhr.status === 204 ? null : xhr.responseText, { status: xhr.status }));
    xhr.onerror = () => reject(new TypeError('Network error'));
    xhr.onabort = () => reject(new DOMException('The request was aborted.', 'AbortError'));
    init.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(init.body);
  });

const send = async (path: string, options: RequestOptions): Promise<Response> => {
  const headers: Record<string, string> = { ...options.headers };
  const authorization = options.auth === false ? undefined : bearerAuthorization();
  if (authorization) headers.authorization = authorization;
  let body: string | FormData | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const init: OutgoingRequest = {
    method: options.method ?? (body ? 'POST' : 'GET'),
    headers,
    ...(body !== undefined ? { body } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  };
  try {
    return options.onUploadProgress
      ? await fetchWithUploadProgress(path, init, options.onUploadProgress)
      : await fetch(path, init);
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError('Network error', { network: true });
  }
};

/**
 * The one way the web app calls our API: it sends the bearer token and, on a 401, refreshes the session once
 * (shared with every call failing at the same moment) and retries. It answers the raw response, streams
 * included, and leaves the session alone; a failed network throws an `ApiError` marked `network`.
 */
export const request = async (path: string, options: RequestOptions = {}): Promise<Response> => {
  const response = await send(path, options);
  if (response.status !== 401 || options.auth === false || !readSession().token) return response;
  return (await refreshAccessToken()) ? send(path, options) : response;
};

/** A JSON call; a 401 that survives the refresh signs the user out, any other failure throws an `ApiError`. */
export const api = async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
  const response = await request(path, options);
  if (response.status === 401 && options.auth !== false && readSession().token) clearSession();
  // A body cut off mid-read still leaves the status to go by.
  if (!response.ok) throw apiErrorFrom(response.status, await response.text().catch(() => ''));
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
};

/** Uploads multipart form data, reporting progress, and answers the JSON the server returns. */
export const upload = <T>(path: string, form: FormData, onProgress?: (percent: number) => void): Promise<T> =>
  api<T>(path, { method: 'POST', body: form, ...(onProgress ? { onUploadProgress: onProgress } : {}) });
