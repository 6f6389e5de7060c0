import { useSyncExternalStore } from 'react';
import { SIGNED_IN_HINT_COOKIE } from '#contract/signed-in-hint.ts';

/** The browser storage keys of the spec; signed-in state is derived from them, never kept twice. */
export const storageKeys = {
  token: 'token',
  refreshToken: 'refreshToken',
  email: 'email',
  username: 'username',
  user: 'user',
} as const;

export interface StoredUser {
  email: string;
  username: string;
  first_name: string;
}

export interface Session {
  token: string | null;
  email: string | null;
  user: StoredUser | null;
  signedIn: boolean;
}

const SESSION_EVENT = 'pilgrim-soul:session';

const parseUser = (raw: string | null): StoredUser | null => {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as StoredUser;
  } catch {
    return null;
  }
};

const signedOut: Session = { token: null, email: null, user: null, signedIn: false };

let cachedKey = '';
let cachedSession: Session = signedOut;

/** Tells the server which first screen to send a page behind sign-in (see SIGNED_IN_HINT_COOKIE). */
const keepSignedInHint = (signedIn: boolean) => {
  if (typeof document === 'undefined') return;
  const held = document.cookie.split('; ').includes(`${SIGNED_IN_HINT_COOKIE}=1`);
  if (signedIn === held) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older phones' browsers
  document.cookie = signedIn
    ? `${SIGNED_IN_HINT_COOKIE}=1; Path=/; Max-Age=31536000; SameSite=Lax`
    : `${SIGNED_IN_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
};

export const readSession = (): Session => {
  const token = localStorage.getItem(storageKeys.token);
  const email = localStorage.getItem(storageKeys.email);
  const rawUser = localStorage.getItem(storageKeys.user);
  const key = `${token}|${email}|${rawUser}`;
  if (key !== cachedKey) {
    cachedKey = key;
    cachedSession = { token, email, user: parseUser(rawUser), signedIn: Boolean(token) };
    keepSignedInHint(cachedSession.signedIn);
  }
  return cachedSession;
};

const announce = () => window.dispatchEvent(new Event(SESSION_EVENT));

export const saveSession = (values: {
  access: string;
  refresh: string;
  email: string;
  user?: StoredUser;
}) => {
  localStorage.setItem(storageKeys.token, values.access);
  localStorage.setItem(storageKeys.refreshToken, values.refresh);
  localStorage.setItem(storageKeys.email, values.email);
  if (values.user) {
    localStorage.setItem(storageKeys.username, values.user.username);
    localStorage.setItem(storageKeys.user, JSON.stringify(values.user));
  }
  announce();
};

export const saveTokens = (access: string, refresh: string) => {
  localStorage.setItem(storageKeys.token, access);
  localStorage.setItem(storageKeys.refreshToken, refresh);
  announce();
};

export const saveUser = (user: StoredUser) => {
  localStorage.setItem(storageKeys.email, user.email);
  localStorage.setItem(storageKeys.username, user.username);
  localStorage.setItem(storageKeys.user, JSON.stringify(user));
  announce();
};

export const clearSession = () => {
  for (const key of Object.values(storageKeys)) localStorage.removeItem(key);
  announce();
};

const subscribe = (onChange: () => void) => {
  // `storage` fires for changes made in other tabs; our own event covers this tab.
  window.addEventListener('storage', onChange);
  window.addEventListener(SESSION_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(SESSION_EVENT, onChange);
  };
};

/** A page rendered ahead of time (the build's first screens) is rendered for a visitor not signed in. */
export const useSession = (): Session => useSyncExternalStore(subscribe, readSession, () => signedOut);
