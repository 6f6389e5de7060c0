import { useMutation } from '@tanstack/react-query';
import type { CaptionedRequestResponse } from '#contract/soul-story.ts';
import { api, errorMessage } from '#web/shared/http.ts';
import { toast } from '#web/shared/toast.ts';

export const requestCaptioned = () =>
  api<CaptionedRequestResponse>('/api/soulstory/concatenated/captioned/', { method: 'POST', body: {} });

/**
 * Asks for the keepsake with its captions drawn on the picture. The copy arrives later on the keepsake
 * (`captioned_video_url`), brought by the events stream or the next poll.
 */
export const useRequestCaptioned = () =>
  useMutation({
    mutationFn: requestCaptioned,
    onError: (error) =>
      toast('error', 'Could not draw the captions', errorMessage(error, 'Please try again.')),
  });
