import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Journey, UpdateJourneyBody } from '#contract/journey.ts';
import { api } from '#web/shared/http.ts';
import { journeyKeys } from './keys.ts';

export const saveJourney = (body: UpdateJourneyBody) =>
  api<Journey>('/api/journey/', { method: 'PUT', body });

/** The saved record replaces the one on screen; `onSaved` lets the page refresh what follows from it. */
export const useSaveJourney = (onSaved?: () => unknown) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveJourney,
    onSuccess: async (saved) => {
      queryClient.setQueryData(journeyKeys.record(), saved);
      await onSaved?.();
    },
  });
};
