import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { chatConfigResponse } from '#contract/vela.ts';
import { api } from '#web/shared/http.ts';
import { velaKeys } from './keys.ts';

export type ChatConfig = z.infer<typeof chatConfigResponse>;

export const fetchChatConfig = () => api<ChatConfig>('/api/chat/config/', { auth: false });

export const chatConfigQuery = () =>
  queryOptions({ queryKey: velaKeys.config(), queryFn: fetchChatConfig, staleTime: Infinity });

export const useChatConfig = () => useQuery(chatConfigQuery());
