import { useMutation } from '@tanstack/react-query';
import { chatMessages } from '#contract/vela.ts';
import { downloadFile } from '#web/shared/download.ts';
import { toast } from '#web/shared/toast.ts';

/** The whole conversation as a Markdown file to keep; the server names it with the day. */
export const downloadHistory = () => downloadFile('/api/chat/history/export/', 'vela-conversation.md');

export const useDownloadHistory = () =>
  useMutation({
    mutationFn: downloadHistory,
    onError: () => toast('error', chatMessages.downloadHistoryFailed),
  });
