import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { CurrentUserLoader } from '../features/auth/CurrentUserLoader.tsx';
import { PENDING_SURVEYS_KEY } from '../features/survey/survey-outbox.ts';
import { cssVariablesResolver, theme } from './theme.ts';

/** Survey answers that could not be sent earlier go out from any page; the sender loads only when some wait. */
const PendingSurveysSender = lazy(async () => ({
  default: (await import('../features/survey/index.ts')).PendingSurveysSender,
}));
// The build renders the first screens where there is no storage, and so nothing waiting.
const hasPendingSurveys = () =>
  typeof localStorage !== 'undefined' && (localStorage.getItem(PENDING_SURVEYS_KEY) ?? '[]') !== '[]';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } },
});

/** What every page renders inside, in the browser and in the build's first screens alike. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <CurrentUserLoader />
        {hasPendingSurveys() && (
          <Suspense fallback={null}>
            <PendingSurveysSender />
          </Suspense>
        )}
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
