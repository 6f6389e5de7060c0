import { accountMessages } from '#contract/account.ts';
import type { AppDeps } from '#server/deps.ts';
import { Forbidden, Unauthorized } from '#server/http/errors.ts';
import { announceSessionsEnded } from '#server/identity/session-ends.ts';
import { deleteUser, findUserById } from '#server/identity/users.ts';
import { verifyPassword } from '../auth/index.ts';
import { exportFolder } from '../data-export/index.ts';
import { forgetDonor, runningSubscriptionsOf } from '../donations/index.ts';
import { unsubscribeEmail } from '../newsletter/index.ts';
import { forgetPayer } from '../payments/index.ts';
import { avatarFolder } from '../profile/index.ts';
import { memoryFolder } from '../soul-story/index.ts';

export interface AccountDeps extends Pick<AppDeps, 'db' | 'storage' | 'sessions' | 'pubsub' | 'logger'> {
  /** Cancels a recurring gift with the payment provider and records it, as the gift's own page does. */
  cancelSubscription(subscriptionId: string): Promise<unknown>;
  /** Removes the bytes and records of the account's unfinished resumable uploads. */
  removeUploads(userId: string): Promise<unknown>;
  /** Stops the renders of the account's memories, in whichever process runs them. */
  stopRenders(userId: string): Promise<unknown>;
}

/** Erasing an account, as a pilgrim asks for it (GDPR article 17). */
export const createAccountService = (deps: AccountDeps) => {
  const removeStoredFiles = async (userId: string) => {
    for (const folder of [memoryFolder(userId), avatarFolder(userId), exportFolder(userId)]) {
      for (const key of await deps.storage.list(`${folder}/`)) await deps.storage.remove(key);
    }
  };

  /**
   * Cancels the running gifts first: should the provider refuse, nothing is erased yet and the pilgrim
   * can try again. Then one transaction removes the account (its memories, keepsake and share link,
   * Camino record, conversation, reminders, notifications and sessions go with it by cascade),
   * unsubscribes the newsletter (its uploads in progress are removed just before) and strips the donor from the record of giving. The files go last,
   * once nothing points at them.
   */
  const deleteAccount = async (userId: string, password: string) => {
    const user = await findUserById(deps.db, userId);
    if (!user) throw new Unauthorized();
    if (!(await verifyPassword(user.passwordHash, password)))
      throw new Forbidden(accountMessages.wrongPassword);
    for (const subscriptionId of await runningSubscriptionsOf(deps.db, user.email))
      await deps.cancelSubscription(subscriptionId);
    await deps.removeUploads(userId);
    await deps.db.transaction(async (tx) => {
      await forgetDonor(tx, user.email);
      await forgetPayer(tx, user.email);
      await unsubscribeEmail(tx, user.email);
      await deleteUser(tx, userId);
      await announceSessionsEnded(deps.pubsub, tx, { userId });
    });
    deps.sessions.forgetUser(userId);
    await deps.stopRenders(userId);
    await removeStoredFiles(userId);
  };

  return { deleteAccount };
};

export type AccountService = ReturnType<typeof createAccountService>;
