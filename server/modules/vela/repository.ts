import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { findRow, insertIfNew } from '#server/db/rows.ts';
import { users } from '#server/identity/tables.ts';
import { chatMessages, reminderDeliveries, reminderPlans } from './tables.ts';

const HISTORY_LIMIT = 200;

export const findPilgrim = async (db: DbOrTx, userId: string) => {
  const [row] = await db
    .select({
      email: users.email,
      vibe: users.vibe,
      startDate: users.caminoStartDate,
      duration: users.caminoDuration,
      nationality: users.nationality,
      reminderEmails: users.reminderEmails,
      timeZone: users.timeZone,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
};

/** The latest messages of the conversation, oldest first. */
export const listMessages = async (db: DbOrTx, userId: string) => {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.userId, userId))
    .orderBy(desc(chatMessages.createdAt))
    .limit(HISTORY_LIMIT);
  return rows.reverse();
};

/** The turns a model may see: the latest `limit`, oldest first, never one that matched a safety group. */
export const listPromptTurns = async (db: DbOrTx, userId: string, limit: number) => {
  const rows = await db
    .select({ role: chatMessages.role, content: chatMessages.content })
    .from(chatMessages)
    .where(and(eq(chatMessages.userId, userId), isNull(chatMessages.safety)))
    .orderBy(desc(chatMessages.createdAt))
    .limit(Math.min(limit, HISTORY_LIMIT));
  return rows.reverse();
};

export const insertExchange = async (
  db: DbOrTx,
  values: {
    userId: string;
    message: string;
    reply: string;
    safety?: 'selfHarm' | 'abuse' | 'hate' | null;
  },
) => {
  const now = Date.now();
  // The reply is stamped a millisecond later so the pair always reads in order.
  await db.insert(chatMessages).values([
    {
      userId: values.userId,
      role: 'user',
      content: values.message,
      safety: values.safety ?? null,
      createdAt: new Date(now),
    },
    {
      userId: values.userId,
      role: 'assistant',
      content: values.reply,
      safety: values.safety ?? null,
      createdAt: new Date(now + 1),
    },
  ]);
};

export const clearMessages = async (db: DbOrTx, userId: string) => {
  const deleted = await db
    .delete(chatMessages)
    .where(eq(chatMessages.userId, userId))
    .returning({ id: chatMessages.id });
  return deleted.length;
};

export const findPlan = (db: DbOrTx, userId: string) =>
  findRow(db, reminderPlans, eq(reminderPlans.userId, userId));

export const savePlan = async (
  db: DbOrTx,
  plan: {
    userId: string;
    planId: string;
    startDate: string;
    duration: number;
    timeZone: string;
    jobIds: string[];
  },
) => {
  await db
    .insert(reminderPlans)
    .values({ ...plan, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: reminderPlans.userId,
      set: {
        planId: plan.planId,
        startDate: plan.startDate,
        duration: plan.duration,
        timeZone: plan.timeZone,
        jobIds: plan.jobIds,
        updatedAt: new Date(),
      },
    });
};

export const deliveredKeys = async (db: DbOrTx, userId: string) =>
  (
    await db
      .select({ key: reminderDeliveries.reminderKey })
      .from(reminderDeliveries)
      .where(eq(reminderDeliveries.userId, userId))
      .orderBy(asc(reminderDeliveries.notifiedAt))
  ).map((row) => row.key);

/** True when this call recorded the delivery; false when it had happened already. */
export const claimDelivery = (db: DbOrTx, userId: string, reminderKey: string) =>
  insertIfNew(db, reminderDeliveries, { userId, reminderKey });

export const findDelivery = (db: DbOrTx, userId: string, reminderKey: string) =>
  findRow(
    db,
    reminderDeliveries,
    and(eq(reminderDeliveries.userId, userId), eq(reminderDeliveries.reminderKey, reminderKey)),
  );

export const markEmailed = async (db: DbOrTx, userId: string, reminderKey: string) => {
  await db
    .update(reminderDeliveries)
    .set({ emailedAt: new Date() })
    .where(and(eq(reminderDeliveries.userId, userId), eq(reminderDeliveries.reminderKey, reminderKey)));
};

/** The whole conversation, oldest first, for the pilgrim to take away. */
export const listAllMessages = (db: DbOrTx, userId: string) =>
  db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.userId, userId))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.role));
