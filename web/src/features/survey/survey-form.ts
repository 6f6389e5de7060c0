import {
  ratingQuestions,
  type SurveySubmission,
  surveySubmission,
  yesNoQuestions,
} from '#contract/survey.ts';
import { formErrorsFrom } from '#web/shared/forms/form-errors.ts';

/** Radio and select values are strings; '' means not answered yet. */
export const emptySurveyValues = {
  overallExperience: '',
  websiteDesign: '',
  easeOfUse: '',
  usedVela: '',
  velaHelpfulness: '',
  velaResponseQuality: '',
  usedSoulStory: '',
  soulStoryEase: '',
  notificationTimeliness: '',
  whatWorkedWell: '',
  whatCouldBeImproved: '',
  additionalComments: '',
  pilgrimageStage: '',
  ageRange: '',
};
export type SurveyFormValues = typeof emptySurveyValues;

const rating = (value: string) => (value ? Number(value) : undefined);

/** The request body: follow-ups travel only after a yes, as the server ignores them otherwise. */
export const toSubmission = (values: SurveyFormValues): SurveySubmission => {
  const usedVela = values.usedVela === 'yes';
  const usedSoulStory = values.usedSoulStory === 'yes';
  return {
    overallExperience: rating(values.overallExperience) as number,
    websiteDesign: rating(values.websiteDesign) as number,
    easeOfUse: rating(values.easeOfUse) as number,
    usedVela: (values.usedVela || undefined) as 'yes' | 'no',
    usedSoulStory: (values.usedSoulStory || undefined) as 'yes' | 'no',
    ...(usedVela
      ? {
          velaHelpfulness: rating(values.velaHelpfulness),
          velaResponseQuality: rating(values.velaResponseQuality),
        }
      : {}),
    ...(usedSoulStory
      ? {
          soulStoryEase: rating(values.soulStoryEase),
          notificationTimeliness: rating(values.notificationTimeliness),
        }
      : {}),
    whatWorkedWell: values.whatWorkedWell,
    whatCouldBeImproved: values.whatCouldBeImproved,
    additionalComments: values.additionalComments,
    pilgrimageStage: values.pilgrimageStage as SurveySubmission['pilgrimageStage'],
    ageRange: values.ageRange as SurveySubmission['ageRange'],
  };
};

/**
 * The contract's rules, all at once: the server checks follow-ups only once the required answers
 * pass, but people should see every missing answer on the first try.
 */
export const validateSurvey = (values: SurveyFormValues): Record<string, string> => {
  const result = surveySubmission.safeParse(toSubmission(values));
  const errors = result.success ? {} : (formErrorsFrom(result.error) as Record<string, string>);
  for (const question of yesNoQuestions) {
    if (values[question.key] !== 'yes') continue;
    for (const key of question.followUps) {
      if (!values[key] && !errors[key]) {
        errors[key] = ratingQuestions.find((rating) => rating.key === key)!.required;
      }
    }
  }
  return errors;
};
