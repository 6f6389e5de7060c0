import { useMutation } from '@tanstack/react-query';
import type { VolunteerRequest } from '#contract/community.ts';
import { api } from '#web/shared/http.ts';

export const sendVolunteerRequest = (body: VolunteerRequest) =>
  api<{ ok: true }>('/api/volunteer/', { method: 'POST', body, auth: false });

export const useSendVolunteerRequest = () => useMutation({ mutationFn: sendVolunteerRequest });
