import { useMutation } from '@tanstack/react-query';
import type { JoinRequest } from '#contract/community.ts';
import { api } from '#web/shared/http.ts';

export const sendJoinRequest = (body: JoinRequest) =>
  api<{ ok: true }>('/api/join/', { method: 'POST', body, auth: false });

export const useSendJoinRequest = () => useMutation({ mutationFn: sendJoinRequest });
