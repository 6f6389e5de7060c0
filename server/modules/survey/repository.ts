import { avg, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { SurveyAnswers } from '#contract/survey.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { surveyResponses } from './tables.ts';

export type SurveyResponseRow = typeof surveyResponses.$inferSelect;

/** Inserts once per submission id; a repeat returns the row stored the first time. */
export const insertOnce = async (db: DbOrTx, answers: SurveyAnswers, userId: string | null) => {
  const [inserted] = await db
    .insert(surveyResponses)
    .values({ ...answers, userId })
    .onConflictDoNothing({ target: surveyResponses.submissionId })
    .returning({ id: surveyResponses.id });
  if (inserted) return inserted.id;
  const [existing] = await db
    .select({ id: surveyResponses.id })
    .from(surveyResponses)
    .where(eq(surveyResponses.submissionId, answers.submissionId!))
    .limit(1);
  return existing!.id;
};

export const list = (db: DbOrTx, options: { limit: number; offset: number }) =>
  db
    .select()
    .from(surveyResponses)
    .orderBy(desc(surveyResponses.createdAt), desc(surveyResponses.id))
    .limit(options.limit)
    .offset(options.offset);

const ratingColumns = {
  overallExperience: surveyResponses.overallExperience,
  websiteDesign: surveyResponses.websiteDesign,
  easeOfUse: surveyResponses.easeOfUse,
  velaHelpfulness: surveyResponses.velaHelpfulness,
  velaResponseQuality: surveyResponses.velaResponseQuality,
  soulStoryEase: surveyResponses.soulStoryEase,
  notificationTimeliness: surveyResponses.notificationTimeliness,
};

const yesCount = (column: typeof surveyResponses.usedVela | typeof surveyResponses.usedSoulStory) =>
  sql<number>`count(*) filter (where ${column})`.mapWith(Number);

export const totals = async (db: DbOrTx) => {
  const averages = Object.fromEntries(
    Object.entries(ratingColumns).flatMap(([key, column]) => [
      [`${key}Average`, avg(column)],
      [`${key}Answers`, count(column)],
    ]),
  );
  const [row] = await db
    .select({
      responses: count(),
      usedVelaYes: yesCount(surveyResponses.usedVela),
      usedSoulStoryYes: yesCount(surveyResponses.usedSoulStory),
      ...averages,
    })
    .from(surveyResponses);
  return row as Record<string, string | number | null>;
};

export const countsBy = (db: DbOrTx, column: 'pilgrimageStage' | 'ageRange') => {
  const target = surveyResponses[column];
  return db
    .select({ value: target, count: count() })
    .from(surveyResponses)
    .where(isNotNull(target))
    .groupBy(target);
};

/** The answers a pilgrim gave while signed in, oldest first. */
export const listForUser = (db: DbOrTx, userId: string) =>
  db
    .select()
    .from(surveyResponses)
    .where(eq(surveyResponses.userId, userId))
    .orderBy(surveyResponses.createdAt);
