import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { newsletterMessages } from '#contract/newsletter.ts';
import { errorMessage } from '#web/shared/http.ts';

/**
 * The email's link only opens this page; the change happens on the button's POST,
 * so link scanners that follow every URL change nothing.
 */
export function TokenActionPage<Result>(props: {
  title: string;
  explanation: string;
  action: string;
  done: string;
  failure: string;
  mutation: UseMutationResult<Result, Error, string>;
}) {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { mutation } = props;

  return (
    <Container size="sm" py={64}>
      <Stack gap="lg" align="flex-start">
        <Title order={1}>{props.title}</Title>
        {!token && <Alert color="red">{newsletterMessages.missingToken}</Alert>}
        {token && mutation.isSuccess && (
          <Alert color="sage" role="status">
            {props.done}
          </Alert>
        )}
        {token && !mutation.isSuccess && (
          <>
            <Text>{props.explanation}</Text>
            {mutation.isError && <Alert color="red">{errorMessage(mutation.error, props.failure)}</Alert>}
            <Button onClick={() => mutation.mutate(token)} loading={mutation.isPending}>
              {props.action}
            </Button>
          </>
        )}
      </Stack>
    </Container>
  );
}
