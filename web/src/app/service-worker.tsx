/// <reference types="vite-plugin-pwa/vanillajs" />

import { registerSW } from 'virtual:pwa-register';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

const UPDATE_NOTICE_ID = 'app-update';
/** A tab left open for days still hears of a new deployment. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (web/pwa.config.ts) once the page has loaded. When a new version has
 * been deployed, its worker waits and the pilgrim is offered a reload; nothing changes under them
 * in the middle of a form.
 */
export function registerServiceWorker() {
  const reload = registerSW({
    onNeedRefresh() {
      notifications.show({
        id: UPDATE_NOTICE_ID,
        title: 'A new version of Pilgrim Soul is ready',
        message: (
          <Group justify="space-between" gap="sm" wrap="nowrap">
            <Text size="sm" c="dimmed">
              Reload to use it.
            </Text>
            <Button size="compact-sm" onClick={() => void reload(true)}>
              Reload
            </Button>
          </Group>
        ),
        color: 'sage',
        autoClose: false,
        withBorder: true,
      });
    },
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update(), UPDATE_CHECK_MS);
    },
    onRegisterError(error) {
      console.warn('the offline service worker could not be registered', error);
    },
  });
}
