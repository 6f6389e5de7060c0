import type { Page } from 'playwright-core';
import { storageKeys } from '#web/shared/session.ts';

/**
 * Stores a signed-in session in the page under the web client's storage keys, as the sign-in screen
 * would; `url` is a page of the app to store it from.
 */
export const storeSession = async (
  page: Page,
  url: string,
  session: { access: string; refresh: string; email: string; username: string },
) => {
  await page.goto(url);
  await page.evaluate(
    ({ session, keys }) => {
      localStorage.setItem(keys.token, session.access);
      localStorage.setItem(keys.refreshToken, session.refresh);
      localStorage.setItem(keys.email, session.email);
      localStorage.setItem(keys.username, session.username);
      localStorage.setItem(
        keys.user,
        JSON.stringify({ email: session.email, username: session.username, first_name: '' }),
      );
    },
    { session, keys: storageKeys },
  );
};
