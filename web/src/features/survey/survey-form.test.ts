import { describe, expect, it } from 'vitest';
import { surveySubmission } from '#contract/survey.ts';
import { emptySurveyValues, toSubmission, validateSurvey } from './survey-form.ts';

const answered = {
  ...emptySurveyValues,
  overallExperience: '5',
  websiteDesign: '4',
  easeOfUse: '3',
  usedVela: 'no',
  usedSoulStory: 'no',
};

describe('survey form', () => {
  it('asks for every required answer at once, follow-ups included', () => {
    expect(validateSurvey({ ...emptySurveyValues, usedVela: 'yes' })).toEqual({
      overallExperience: 'Please rate your overall experience',
      websiteDesign: 'Please rate the design of the website',
      easeOfUse: 'Please rate how easy the website is to use',
      usedSoulStory: 'Please tell us whether you have created a Soul Story',
      velaHelpfulness: 'Please rate how helpful Vela was',
      velaResponseQuality: 'Please rate the quality of Vela’s responses',
    });
  });

  it('needs no follow-ups after a no, and leaves text and About You optional', () => {
    expect(validateSurvey(answered)).toEqual({});
  });

  it('sends follow-ups only after a yes, as numbers the server accepts', () => {
    const values = {
      ...answered,
      usedSoulStory: 'yes',
      soulStoryEase: '2',
      notificationTimeliness: '5',
      velaHelpfulness: '1',
    };
    const body = toSubmission(values);
    expect(body).toMatchObject({ overallExperience: 5, soulStoryEase: 2, notificationTimeliness: 5 });
    expect(body).not.toHaveProperty('velaHelpfulness');
    expect(surveySubmission.safeParse(body).success).toBe(true);
  });
});
