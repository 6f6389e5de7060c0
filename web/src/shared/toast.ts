import { notifications } from '@mantine/notifications';

type Tone = 'success' | 'error' | 'warning' | 'info';

const colors: Record<Tone, string> = { success: 'sage', error: 'red', warning: 'yellow', info: 'blue' };

/**
 * Toasts stay 2 to 9 seconds according to their weight: longer messages and errors stay longer,
 * so people have time to read them.
 */
export const toastDuration = (tone: Tone, title: string, message = ''): number => {
  const words = `${title} ${message}`.trim().split(/\s+/).length;
  const base = tone === 'error' ? 5000 : tone === 'warning' ? 4000 : 2000;
  return Math.min(9000, Math.max(2000, base + words * 250));
};

/**
 * Shows a toast. `onShown` runs once, when it is on screen: the toaster loads on demand, so on a busy
 * phone that can be a moment after the call.
 */
export const toast = (tone: Tone, title: string, message?: string, onShown?: () => void) => {
  let shown = false;
  return notifications.show({
    title,
    message: message ?? '',
    color: colors[tone],
    autoClose: toastDuration(tone, title, message),
    withBorder: true,
    closeButtonProps: { 'aria-label': 'Close' },
    ...(onShown && {
      onOpen: () => {
        if (shown) return;
        shown = true;
        onShown();
      },
    }),
  });
};
