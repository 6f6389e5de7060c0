import { snakeCased } from '#contract/snake-case.ts';
import {
  ageRanges,
  pilgrimageStages,
  ratingQuestions,
  type SurveyAggregates,
  type SurveyAnswers,
  type SurveyResponseItem,
  yesNoQuestions,
} from '#contract/survey.ts';
import type { AppDeps } from '#server/deps.ts';
import * as repository from './repository.ts';

type SurveyDeps = Pick<AppDeps, 'db'>;

/** Every answer, without the submission id that only deduplicates. */
const toItem = ({
  submissionId: _deduplicates,
  userId: _answeredBy,
  createdAt,
  ...row
}: repository.SurveyResponseRow) => snakeCased({ ...row, createdAt: createdAt.toISOString() });

const roundTo2 = (value: number) => Math.round(value * 100) / 100;

export const createSurveyService = (deps: SurveyDeps) => {
  const { db } = deps;

  /**
   * Stores the answers, with the pilgrim when signed in; the same submission sent again (after a lost
   * response) is stored once.
   */
  const submitSurvey = (answers: SurveyAnswers, userId: string | null): Promise<string> =>
    repository.insertOnce(db, answers, userId);

  /** A pilgrim's own answers, as the admin sees them. */
  const answersOf = async (userId: string) => (await repository.listForUser(db, userId)).map(toItem);

  /** For the admin console and its CSV export: newest first. */
  const listSurveyResponses = async (
    options: { limit?: number; offset?: number } = {},
  ): Promise<SurveyResponseItem[]> =>
    (
      await repository.list(db, {
        limit: Math.min(options.limit ?? 1000, 10_000),
        offset: options.offset ?? 0,
      })
    ).map(toItem);

  /** For the admin charts: every listed option appears, with zero when nobody chose it. */
  const surveyAggregates = async (): Promise<SurveyAggregates> => {
    const [totals, stageCounts, ageCounts] = await Promise.all([
      repository.totals(db),
      repository.countsBy(db, 'pilgrimageStage'),
      repository.countsBy(db, 'ageRange'),
    ]);
    const responses = Number(totals.responses ?? 0);
    const countOf = (rows: { value: string | null; count: number }[], value: string) =>
      rows.find((row) => row.value === value)?.count ?? 0;
    return {
      responses,
      ratings: ratingQuestions.map((question) => {
        const average = totals[`${question.key}Average`];
        return {
          key: question.key,
          label: question.short,
          average: average === null || average === undefined ? null : roundTo2(Number(average)),
          answers: Number(totals[`${question.key}Answers`] ?? 0),
        };
      }),
      yes_no: yesNoQuestions.map((question) => {
        const yes = Number(totals[`${question.key}Yes`] ?? 0);
        return {
          key: question.key,
          label: question.short,
          yes,
          no: responses - yes,
          yes_share: responses ? roundTo2(yes / responses) : null,
        };
      }),
      stages: pilgrimageStages.map((stage) => ({ ...stage, count: countOf(stageCounts, stage.value) })),
      age_ranges: ageRanges.map((range) => ({ ...range, count: countOf(ageCounts, range.value) })),
    };
  };

  return { submitSurvey, answersOf, listSurveyResponses, surveyAggregates };
};

export type SurveyService = ReturnType<typeof createSurveyService>;
