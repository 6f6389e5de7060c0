import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { FIRST_SCREEN_DATA_ID, type FirstScreenQuery } from '#contract/first-screen-data.ts';
import { loadChunk } from '#web/shared/load-chunk.ts';
import { CurrentUserLoader } from '../features/auth/CurrentUserLoader.tsx';
import { PENDING_SURVEYS_KEY } from '../features/survey/survey-outbox.ts';
import { cssVariablesResolver, theme } from './theme.ts';

/** Survey answers that could not be sent earlier go out from any page; the sender loads only when some wait. */
const PendingSurveysSender = lazy(
  loadChunk(async () => ({
    default: (await import('../features/survey/index.ts')).PendingSurveysSender,
  })),
);
// The build renders the first screens where there is no storage, and so nothing waiting.
const hasPendingSurveys = () =>
  typeof localStorage !== 'undefined' && (localStorage.getItem(PENDING_SURVEYS_KEY) ?? '[]') !== '[]';

/** A query client holding the answers a first screen was rendered with, as fresh as if just fetched. */
export const createQueryClient = (answers: FirstScreenQuery[] = []) => {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } },
  });
  for (const { key, value } of answers) client.setQueryData(key, value);
  return client;
};

/** The answers the server filled this page's first screen in with (server/http/page-shells.ts), if any. */
const firstScreenAnswers = (): FirstScreenQuery[] => {
  const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_SCREEN_DATA_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as FirstScreenQuery[]) : [];
};

const browserQueryClient = createQueryClient(firstScreenAnswers());

/**
 * What every page renders inside, in the browser and in the first screens alike; a first screen
 * rendered with answers brings its own query client.
 */
export function AppProviders({ children, client }: { children: ReactNode; client?: QueryClient }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={client ?? browserQueryClient}>
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
