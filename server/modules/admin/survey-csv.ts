import type { SurveyResponseItem } from '../../../contract/survey.ts';
import { type CsvValue, toCsv } from './csv.ts';

type Column = { header: string; value: (row: SurveyResponseItem) => CsvValue };

const answer = (key: keyof SurveyResponseItem): Column => ({
  header: key,
  value: (row) => {
    const value = row[key];
    return typeof value === 'boolean' ? (value ? 'yes' : 'no') : value;
  },
});

/** One row per response, the questions in the order the survey asks them. */
export const surveyCsv = (rows: SurveyResponseItem[]) =>
  toCsv(rows, [
    { header: 'submitted_at', value: (row) => row.createdAt },
    ...(
      [
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
      ] as const
    ).map(answer),
  ]);
