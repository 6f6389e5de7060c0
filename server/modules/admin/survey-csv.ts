import { snakeCaseOf } from '#contract/snake-case.ts';
import type { SurveyResponseItem } from '#contract/survey.ts';
import { type CsvValue, toCsv } from './csv.ts';

/** The questions in the order the survey asks them, named as the survey form sends its answers. */
const answerNames = [
  'overallExperience',
  'websiteDesign',
  'easeOfUse',
  'usedVela',
  'velaHelpfulness',
  'velaResponseQuality',
  'usedSoulStory',
  'soulStoryEase',
  'notificationTimeliness',
  'whatWorkedWell',
  'whatCouldBeImproved',
  'additionalComments',
  'pilgrimageStage',
  'ageRange',
] as const;

type Column = { header: string; value: (row: SurveyResponseItem) => CsvValue };

const answer = (name: (typeof answerNames)[number]): Column => ({
  header: name,
  value: (row) => {
    const value = row[snakeCaseOf(name)];
    return typeof value === 'boolean' ? (value ? 'yes' : 'no') : value;
  },
});

/** One row per response; the headers keep the answers' names, which spreadsheets already read. */
export const surveyCsv = (rows: SurveyResponseItem[]) =>
  toCsv(rows, [{ header: 'submitted_at', value: (row) => row.created_at }, ...answerNames.map(answer)]);
