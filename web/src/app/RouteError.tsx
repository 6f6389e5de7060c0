import { Code, Container, Stack, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** The router's error screen, as the spec words it. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <Container size="sm" py={80}>
      <Stack gap="md">
        <Title order={1}>Unexpected Application Error!</Title>
        <Code block>{message}</Code>
      </Stack>
    </Container>
  );
}
