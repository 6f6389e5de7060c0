import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';

const required = {
  overallExperience: 5,
  websiteDesign: 4,
  easeOfUse: 3,
  usedVela: 'no',
  usedSoulStory: 'no',
};

let addressCounter = 0;
const nextAddress = () => `10.2.0.${++addressCounter}`;

describe(`POST /api/survey/submit/ on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const submit = (payload: unknown, remoteAddress = nextAddress()) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/survey/submit/',
      payload: payload as object,
      remoteAddress,
    });

  const storedById = async (id: string) =>
    (await testApp.deps.services.survey.listSurveyResponses()).find((row) => row.id === id);

  it('stores the five required answers and answers 201', async () => {
    const response = await submit(required);
    expect(response.statusCode).toBe(201);
    const { ok, id } = response.json();
    expect(ok).toBe(true);
    expect(await storedById(id)).toMatchObject({
      overall_experience: 5,
      website_design: 4,
      ease_of_use: 3,
      used_vela: false,
      used_soul_story: false,
      vela_helpfulness: null,
      what_worked_well: '',
      pilgrimage_stage: null,
      age_range: null,
    });
  });

  it('stores the follow-ups, text and About You answers after a yes', async () => {
    const response = await submit({
      ...required,
      usedVela: 'yes',
      velaHelpfulness: 4,
      velaResponseQuality: 2,
      usedSoulStory: 'yes',
      soulStoryEase: 5,
      notificationTimeliness: 3,
      whatWorkedWell: 'The prompts',
      whatCouldBeImproved: '<script>alert(1)</script>',
      additionalComments: 'Buen Camino',
      pilgrimageStage: 'completed',
      ageRange: '45-54',
    });
    expect(response.statusCode).toBe(201);
    expect(await storedById(response.json().id)).toMatchObject({
      used_vela: true,
      vela_helpfulness: 4,
      vela_response_quality: 2,
      used_soul_story: true,
      soul_story_ease: 5,
      notification_timeliness: 3,
      what_could_be_improved: '<script>alert(1)</script>',
      pilgrimage_stage: 'completed',
      age_range: '45-54',
    });
  });

  it('ignores follow-ups after a no, even out-of-range ones', async () => {
    const response = await submit({
      ...required,
      velaHelpfulness: 99,
      soulStoryEase: 'great',
      pilgrimageStage: '',
    });
    expect(response.statusCode).toBe(201);
    expect(await storedById(response.json().id)).toMatchObject({
      vela_helpfulness: null,
      soul_story_ease: null,
      pilgrimage_stage: null,
    });
  });

  it.each([
    [
      { ...required, overallExperience: undefined },
      'overallExperience',
      'Please rate your overall experience',
    ],
    [{ ...required, websiteDesign: undefined }, 'websiteDesign', 'Please rate the design of the website'],
    [{ ...required, easeOfUse: undefined }, 'easeOfUse', 'Please rate how easy the website is to use'],
    [{ ...required, usedVela: undefined }, 'usedVela', 'Please tell us whether you have used Vela'],
    [
      { ...required, usedSoulStory: undefined },
      'usedSoulStory',
      'Please tell us whether you have created a Soul Story',
    ],
    [
      { ...required, usedVela: 'yes', velaResponseQuality: 3 },
      'velaHelpfulness',
      'Please rate how helpful Vela was',
    ],
    [
      { ...required, usedVela: 'yes', velaHelpfulness: 3 },
      'velaResponseQuality',
      'Please rate the quality of Vela’s responses',
    ],
    [
      { ...required, usedSoulStory: 'yes', notificationTimeliness: 4 },
      'soulStoryEase',
      'Please rate how easy it was to create your Soul Story',
    ],
    [
      { ...required, usedSoulStory: 'yes', soulStoryEase: 4 },
      'notificationTimeliness',
      'Please rate how timely the prompts and notifications were',
    ],
    [
      { ...required, overallExperience: 6 },
      'overallExperience',
      'Overall experience must be a whole number from 1 to 5',
    ],
    [{ ...required, easeOfUse: 0 }, 'easeOfUse', 'Ease of use must be a whole number from 1 to 5'],
    [
      { ...required, websiteDesign: 2.5 },
      'websiteDesign',
      'Website design must be a whole number from 1 to 5',
    ],
    [
      { ...required, usedVela: 'yes', velaHelpfulness: 7, velaResponseQuality: 3 },
      'velaHelpfulness',
      'Vela helpfulness must be a whole number from 1 to 5',
    ],
    [{ ...required, usedVela: 'maybe' }, 'usedVela', 'usedVela must be "yes" or "no"'],
    [
      { ...required, pilgrimageStage: 'wandering' },
      'pilgrimageStage',
      'pilgrimageStage must be one of the listed stages',
    ],
    [{ ...required, ageRange: '12-17' }, 'ageRange', 'ageRange must be one of the listed age ranges'],
    [
      { ...required, whatWorkedWell: 'x'.repeat(3001) },
      'whatWorkedWell',
      'whatWorkedWell must be at most 3000 characters',
    ],
  ])('refuses a bad survey (%#) with a 400 naming the field', async (payload, field, message) => {
    const response = await submit(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, error: message });
  });

  it('stores a submission sent twice with the same id only once', async () => {
    const submissionId = randomUUID();
    const first = await submit({ ...required, submissionId, additionalComments: 'sent twice' });
    const second = await submit({ ...required, submissionId, additionalComments: 'sent twice' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().id).toBe(first.json().id);
    const copies = (await testApp.deps.services.survey.listSurveyResponses()).filter(
      (row) => row.additional_comments === 'sent twice',
    );
    expect(copies).toHaveLength(1);
  });

  it('gives the admin charts averages, yes/no shares and every stage and age range', async () => {
    const fresh = await createTestApp();
    try {
      const send = (payload: object) =>
        fresh.app.inject({
          method: 'POST',
          url: '/api/survey/submit/',
          payload,
          remoteAddress: nextAddress(),
        });
      await send({ ...required, overallExperience: 5, pilgrimageStage: 'planning', ageRange: '25-34' });
      await send({
        ...required,
        overallExperience: 4,
        usedVela: 'yes',
        velaHelpfulness: 3,
        velaResponseQuality: 4,
        pilgrimageStage: 'planning',
      });
      await send({
        ...required,
        overallExperience: 2,
        usedVela: 'yes',
        velaHelpfulness: 4,
        velaResponseQuality: 5,
        ageRange: '65+',
      });
      const aggregates = await fresh.deps.services.survey.surveyAggregates();
      expect(aggregates.responses).toBe(3);
      expect(aggregates.ratings.find((rating) => rating.key === 'overallExperience')).toEqual({
        key: 'overallExperience',
        label: 'Overall experience',
        average: 3.67,
        answers: 3,
      });
      expect(aggregates.ratings.find((rating) => rating.key === 'velaHelpfulness')).toMatchObject({
        average: 3.5,
        answers: 2,
      });
      expect(aggregates.ratings.find((rating) => rating.key === 'soulStoryEase')).toMatchObject({
        average: null,
        answers: 0,
      });
      expect(aggregates.yes_no).toEqual([
        { key: 'usedVela', label: 'Used Vela', yes: 2, no: 1, yes_share: 0.67 },
        { key: 'usedSoulStory', label: 'Used Soul Story', yes: 0, no: 3, yes_share: 0 },
      ]);
      expect(aggregates.stages.map((stage) => stage.count)).toEqual([2, 0, 0, 0, 0]);
      expect(aggregates.age_ranges.find((range) => range.value === '65+')!.count).toBe(1);
      expect(aggregates.age_ranges.reduce((sum, range) => sum + range.count, 0)).toBe(2);
    } finally {
      await fresh.close();
    }
  });

  it('limits how many surveys one address can send in an hour', async () => {
    const address = nextAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt++)
      statuses.push((await submit(required, address)).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('publishes the route in the OpenAPI document', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths;
    for (const path of ['/api/survey/submit/', '/api/contact/', '/api/join/', '/api/volunteer/']) {
      expect(paths[path]?.post).toBeDefined();
    }
  });
});
