import { z } from 'zod';
import { numberFromText, optionValues, yesNoFromText } from './common.ts';

export const ratingQuestions = [
  {
    key: 'overallExperience',
    label: 'How would you rate your overall experience with Pilgrim Soul?',
    short: 'Overall experience',
    required: 'Please rate your overall experience',
  },
  {
    key: 'websiteDesign',
    label: 'How would you rate the design of the website?',
    short: 'Website design',
    required: 'Please rate the design of the website',
  },
  {
    key: 'easeOfUse',
    label: 'How easy is the website to use?',
    short: 'Ease of use',
    required: 'Please rate how easy the website is to use',
  },
  {
    key: 'velaHelpfulness',
    label: 'How helpful was Vela?',
    short: 'Vela helpfulness',
    required: 'Please rate how helpful Vela was',
  },
  {
    key: 'velaResponseQuality',
    label: 'How would you rate the quality of Vela’s responses?',
    short: 'Vela response quality',
    required: 'Please rate the quality of Vela’s responses',
  },
  {
    key: 'soulStoryEase',
    label: 'How easy was it to create your Soul Story?',
    short: 'Soul Story ease',
    required: 'Please rate how easy it was to create your Soul Story',
  },
  {
    key: 'notificationTimeliness',
    label: 'How timely were the Soul Story prompts and notifications?',
    short: 'Notification timeliness',
    required: 'Please rate how timely the prompts and notifications were',
  },
] as const;
export type RatingKey = (typeof ratingQuestions)[number]['key'];

export const yesNoQuestions = [
  {
    key: 'usedVela',
    label: 'Have you used Vela, our AI companion?',
    short: 'Used Vela',
    required: 'Please tell us whether you have used Vela',
    followUps: ['velaHelpfulness', 'velaResponseQuality'],
  },
  {
    key: 'usedSoulStory',
    label: 'Have you created a Soul Story?',
    short: 'Used Soul Story',
    required: 'Please tell us whether you have created a Soul Story',
    followUps: ['soulStoryEase', 'notificationTimeliness'],
  },
] as const;
export type YesNoKey = (typeof yesNoQuestions)[number]['key'];

export const textQuestions = [
  { key: 'whatWorkedWell', label: 'What worked well for you?' },
  { key: 'whatCouldBeImproved', label: 'What could be improved?' },
  { key: 'additionalComments', label: 'Anything else you would like to share?' },
] as const;

export const pilgrimageStages = [
  { value: 'planning', label: 'Planning a pilgrimage' },
  { value: 'currently', label: 'Currently on a pilgrimage' },
  { value: 'completed', label: 'Completed a pilgrimage' },
  { value: 'multiple', label: 'Completed several pilgrimages' },
  { value: 'supporter', label: 'A supporter of pilgrims' },
] as const;
export type PilgrimageStage = (typeof pilgrimageStages)[number]['value'];

export const ageRanges = [
  { value: '18-24', label: '18–24' },
  { value: '25-34', label: '25–34' },
  { value: '35-44', label: '35–44' },
  { value: '45-54', label: '45–54' },
  { value: '55-64', label: '55–64' },
  { value: '65+', label: '65 or over' },
  { value: 'prefer-not', label: 'Prefer not to say' },
] as const;
export type AgeRange = (typeof ageRanges)[number]['value'];

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const SURVEY_TEXT_MAX = 3000;

export const surveyMessages = {
  submitted: 'Survey submitted',
  thankYou: 'Thank you!',
  unknownStage: 'pilgrimageStage must be one of the listed stages',
  unknownAgeRange: 'ageRange must be one of the listed age ranges',
} as const;

const questionFor = (key: RatingKey) => ratingQuestions.find((question) => question.key === key)!;

const rating = (key: RatingKey) =>
  numberFromText(
    z
      .number({
        error: (issue) =>
          issue.input === undefined || issue.input === null
            ? questionFor(key).required
            : `${questionFor(key).short} must be a whole number from ${RATING_MIN} to ${RATING_MAX}`,
      })
      .int(`${questionFor(key).short} must be a whole number from ${RATING_MIN} to ${RATING_MAX}`)
      .min(RATING_MIN, `${questionFor(key).short} must be a whole number from ${RATING_MIN} to ${RATING_MAX}`)
      .max(
        RATING_MAX,
        `${questionFor(key).short} must be a whole number from ${RATING_MIN} to ${RATING_MAX}`,
      ),
  );

const yesNo = (key: YesNoKey) =>
  yesNoFromText(
    z.enum(['yes', 'no'], {
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? yesNoQuestions.find((question) => question.key === key)!.required
          : `${key} must be "yes" or "no"`,
    }),
  );

const freeText = (key: string) =>
  z
    .string()
    .trim()
    .max(SURVEY_TEXT_MAX, `${key} must be at most ${SURVEY_TEXT_MAX} characters`)
    .nullish()
    .transform((value) => value ?? '');

/** An empty select sends '' or nothing: both mean "not answered". */
const optionalChoice = <T extends string>(values: [T, ...T[]], message: string) =>
  z
    .preprocess((value) => (value === '' ? null : value), z.enum(values, { error: message }).nullish())
    .transform((value) => value ?? null);

/** A follow-up answer is checked only when its yes/no question is answered yes; otherwise it is ignored. */
const followUp = z.unknown().optional();

/**
 * POST /api/survey/submit/ — the spec's §5: five required answers, the follow-ups required only
 * after a yes, 1–5 scales, optional text and About You choices. The result is the normalised answers.
 */
export const surveySubmission = z
  .object({
    submissionId: z.uuid('submissionId must be a UUID').optional(),
    overallExperience: rating('overallExperience'),
    websiteDesign: rating('websiteDesign'),
    easeOfUse: rating('easeOfUse'),
    usedVela: yesNo('usedVela'),
    velaHelpfulness: followUp,
    velaResponseQuality: followUp,
    usedSoulStory: yesNo('usedSoulStory'),
    soulStoryEase: followUp,
    notificationTimeliness: followUp,
    whatWorkedWell: freeText('whatWorkedWell'),
    whatCouldBeImproved: freeText('whatCouldBeImproved'),
    additionalComments: freeText('additionalComments'),
    pilgrimageStage: optionalChoice(optionValues(pilgrimageStages), surveyMessages.unknownStage),
    ageRange: optionalChoice(optionValues(ageRanges), surveyMessages.unknownAgeRange),
  })
  .transform((answers, context) => {
    const followUps: Record<string, number | null> = {};
    for (const question of yesNoQuestions) {
      for (const key of question.followUps) {
        if (answers[question.key] !== 'yes') {
          followUps[key] = null;
          continue;
        }
        const parsed = rating(key).safeParse(answers[key]);
        if (parsed.success) followUps[key] = parsed.data;
        else {
          for (const issue of parsed.error.issues) {
            context.addIssue({ code: 'custom', path: [key], message: issue.message });
          }
          return z.NEVER;
        }
      }
    }
    return {
      submissionId: answers.submissionId ?? null,
      overallExperience: answers.overallExperience,
      websiteDesign: answers.websiteDesign,
      easeOfUse: answers.easeOfUse,
      usedVela: answers.usedVela === 'yes',
      velaHelpfulness: followUps.velaHelpfulness ?? null,
      velaResponseQuality: followUps.velaResponseQuality ?? null,
      usedSoulStory: answers.usedSoulStory === 'yes',
      soulStoryEase: followUps.soulStoryEase ?? null,
      notificationTimeliness: followUps.notificationTimeliness ?? null,
      whatWorkedWell: answers.whatWorkedWell,
      whatCouldBeImproved: answers.whatCouldBeImproved,
      additionalComments: answers.additionalComments,
      pilgrimageStage: answers.pilgrimageStage as PilgrimageStage | null,
      ageRange: answers.ageRange as AgeRange | null,
    };
  });
export type SurveySubmission = z.input<typeof surveySubmission>;
export type SurveyAnswers = z.output<typeof surveySubmission>;

export const surveySubmitted = z.object({ ok: z.literal(true), id: z.string() });

/** One stored response, as the admin console lists it. */
const surveyResponseItem = z.object({
  id: z.string(),
  overall_experience: z.number(),
  website_design: z.number(),
  ease_of_use: z.number(),
  used_vela: z.boolean(),
  vela_helpfulness: z.number().nullable(),
  vela_response_quality: z.number().nullable(),
  used_soul_story: z.boolean(),
  soul_story_ease: z.number().nullable(),
  notification_timeliness: z.number().nullable(),
  what_worked_well: z.string(),
  what_could_be_improved: z.string(),
  additional_comments: z.string(),
  pilgrimage_stage: z.string().nullable(),
  age_range: z.string().nullable(),
  created_at: z.string(),
});
export type SurveyResponseItem = z.infer<typeof surveyResponseItem>;

/** What the admin charts show: averages per rating, yes/no shares, stage and age-range counts. */
export const surveyAggregates = z.object({
  responses: z.number().int(),
  ratings: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      average: z.number().nullable(),
      answers: z.number().int(),
    }),
  ),
  yes_no: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      yes: z.number().int(),
      no: z.number().int(),
      yes_share: z.number().nullable(),
    }),
  ),
  stages: z.array(z.object({ value: z.string(), label: z.string(), count: z.number().int() })),
  age_ranges: z.array(z.object({ value: z.string(), label: z.string(), count: z.number().int() })),
});
export type SurveyAggregates = z.infer<typeof surveyAggregates>;
