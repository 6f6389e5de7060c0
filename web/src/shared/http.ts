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

interface RequestOptions {
  method?: string;
  body?: unknown;
  /** Send the bearer token (default true when one is held). */
  auth?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
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

const toApiError = async (response: Response): Promise<ApiError> => {
  let body: { error?: string; detail?: string; field?: string } = {};
  try {
    body = await response.json();
  } catch {
    // A body that is not JSON carries no message for people.
  }
  return new ApiError(body.error ?? body.detail ?? '', {
    status: response.status,
    ...(body.detail ? { detail: body.detail } : {}),
    ...(body.field ? { field: body.field } : {}),
  });
};

const send = async (path: string, options: RequestOptions): Promise<Response> => {
  const headers: Record<string, string> = { ...options.headers };
  const token = readSession().token;
  if (options.auth !== false && token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  try {
    return await fetch(path, {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      ...(body !== undefined ? { body } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError('Network error', { network: true });
  }
};

/** Calls our API; on a 401 it refreshes the session once and retries, else signs the user out. */
export const api = async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
  let response = await send(path, options);
  if (response.status === 401 && options.auth !== false && readSession().token) {
    if (await refreshAccessToken()) response = await send(path, options);
    if (response.status === 401) clearSession();
  }
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
};

/** Uploads multipart form data with progress (fetch cannot report upload progress). */
export const upload = <T>(
  path: string,
  form: FormData,
  onProgress?: (percent: number) => void,
): Promise<T> => {
  const attempt = () =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open('POST', path);
      const token = readSession().token;
      if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
      request.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
      };
      request.onload = () => resolve({ status: request.status, text: request.responseText });
      request.onerror = () => reject(new ApiError('Network error', { network: true }));
      request.send(form);
    });
  return (async () => {
    let result = await attempt();
    if (result.status === 401 && (await refreshAccessToken())) result = await attempt();
    let body: { error?: string; detail?: string } & Record<string, unknown> = {};
    try {
      body = result.text ? JSON.parse(result.text) : {};
    } catch {
      // Non-JSON bodies carry no message for people.
    }
    if (result.status < 200 || result.status >= 300) {
      throw new ApiError(body.error ?? body.detail ?? '', { status: result.status });
    }
    return body as T;
  })();
};
