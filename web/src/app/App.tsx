import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { RouterProvider } from 'react-router/dom';
import { CurrentUserLoader } from '../features/auth/CurrentUserLoader.tsx';
import { PENDING_SURVEYS_KEY } from '../features/survey/survey-outbox.ts';
import { router } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

/** Survey answers that could not be sent earlier go out from any page; the sender loads only when some wait. */
const PendingSurveysSender = lazy(async () => ({
  default: (await import('../features/survey/index.ts')).PendingSurveysSender,
}));
const hasPendingSurveys = () => (localStorage.getItem(PENDING_SURVEYS_KEY) ?? '[]') !== '[]';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } },
});

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <CurrentUserLoader />
        {hasPendingSurveys() && (
          <Suspense fallback={null}>
            <PendingSurveysSender />
          </Suspense>
        )}
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
