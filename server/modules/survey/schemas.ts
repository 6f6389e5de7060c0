import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { snakeCased } from '#contract/snake-case.ts';
import type { SurveyResponseItem } from '#contract/survey.ts';
import { surveyResponses } from './tables.ts';

/** One response as the admin console lists it, without the submission id that only deduplicates; checked against the contract the console reads. */
export const surveyResponseItem = z
  .object(
    snakeCased(
      createSelectSchema(surveyResponses).omit({ submissionId: true, userId: true, createdAt: true }).shape,
    ),
  )
  .extend({ created_at: z.string() }) satisfies z.ZodType<SurveyResponseItem>;
