import { Button, Container, Divider, NativeSelect, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import {
  ageRanges,
  pilgrimageStages,
  type RatingKey,
  ratingQuestions,
  SURVEY_TEXT_MAX,
  surveyMessages,
  textQuestions,
  yesNoQuestions,
} from '#contract/survey.ts';
import { toast } from '#web/shared/toast.ts';
import { flushPendingSurveys, surveyOutbox } from './api/submit-survey.ts';
import { RatingQuestion } from './components/RatingQuestion.tsx';
import { SurveyThankYou } from './components/SurveyThankYou.tsx';
import { YesNoQuestion } from './components/YesNoQuestion.tsx';
import { emptySurveyValues, type SurveyFormValues, toSubmission, validateSurvey } from './survey-form.ts';
import { newSubmissionId } from './survey-outbox.ts';
import { useSendPendingSurveys } from './use-send-pending-surveys.ts';

const ratingLabel = (key: RatingKey) => ratingQuestions.find((question) => question.key === key)!.label;
const sectionTitles = { usedVela: 'Vela', usedSoulStory: 'Soul Stories' } as const;
const choose = (options: readonly { value: string; label: string }[]) => [
  { value: '', label: 'Choose…' },
  ...options,
];

export default function SurveyPage() {
  const [submitted, setSubmitted] = useState(false);
  const form = useForm<SurveyFormValues>({ initialValues: emptySurveyValues, validate: validateSurvey });
  useSendPendingSurveys();

  // The answers are saved in the browser first, so a failed call loses nothing; the thank-you shows either way.
  const submit = form.onSubmit((values) => {
    surveyOutbox.add({ ...toSubmission(values), submissionId: newSubmissionId() });
    setSubmitted(true);
    toast('success', surveyMessages.submitted, surveyMessages.thankYou);
    window.scrollTo({ top: 0 });
    void flushPendingSurveys();
  });

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>Feedback survey</Title>
          <Text c="gray.7">
            A few minutes of your time helps us care for pilgrims better. Questions marked with an asterisk
            need an answer; everything else is up to you.
          </Text>
        </Stack>
        {submitted ? (
          <SurveyThankYou />
        ) : (
          <Paper withBorder p="lg" radius="md">
            <form onSubmit={submit} noValidate>
              <Stack gap="lg">
                <Title order={2} size="h3">
                  Your experience
                </Title>
                {(['overallExperience', 'websiteDesign', 'easeOfUse'] as const).map((key) => (
                  <RatingQuestion key={key} label={ratingLabel(key)} inputProps={form.getInputProps(key)} />
                ))}
                {yesNoQuestions.map((question) => (
                  <Stack key={question.key} gap="lg">
                    <Divider />
                    <Title order={2} size="h3">
                      {sectionTitles[question.key]}
                    </Title>
                    <YesNoQuestion label={question.label} inputProps={form.getInputProps(question.key)} />
                    {form.values[question.key] === 'yes' &&
                      question.followUps.map((key) => (
                        <RatingQuestion
                          key={key}
                          label={ratingLabel(key)}
                          inputProps={form.getInputProps(key)}
                        />
                      ))}
                  </Stack>
                ))}
                <Divider />
                <Title order={2} size="h3">
                  In your words
                </Title>
                {textQuestions.map((question) => (
                  <Textarea
                    key={question.key}
                    label={question.label}
                    autosize
                    minRows={3}
                    maxLength={SURVEY_TEXT_MAX}
                    {...form.getInputProps(question.key)}
                  />
                ))}
                <Divider />
                <Title order={2} size="h3">
                  About you
                </Title>
                <NativeSelect
                  label="Where are you on your pilgrimage?"
                  data={choose(pilgrimageStages)}
                  {...form.getInputProps('pilgrimageStage')}
                />
                <NativeSelect
                  label="Your age range"
                  data={choose(ageRanges)}
                  {...form.getInputProps('ageRange')}
                />
                <Button type="submit" size="md" style={{ alignSelf: 'flex-start' }}>
                  Submit survey
                </Button>
              </Stack>
            </form>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
