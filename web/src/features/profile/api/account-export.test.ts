import { describe, expect, it } from 'vitest';
import type { AccountExportResponse } from '#contract/account.ts';
import { askAgainIn } from './account-export.ts';

const requested = Date.parse('2026-11-27T10:00:00Z');
const exportThat = (status: AccountExportResponse['status']): AccountExportResponse => ({
  status,
  requested_at: new Date(requested).toISOString(),
  download_url: null,
  expires_at: null,
  size_bytes: null,
});

describe('how soon the profile asks again about an export', () => {
  it('asks every 300 ms in the first 3 s after the request, when most exports are ready', () => {
    expect(askAgainIn(exportThat('queued'), requested + 10)).toBe(300);
    expect(askAgainIn(exportThat('building'), requested + 2999)).toBe(300);
  });

  it('then every 2 s, and every 2 s on a clock behind the server’s', () => {
    expect(askAgainIn(exportThat('building'), requested + 3000)).toBe(2000);
    expect(askAgainIn(exportThat('queued'), requested + 60_000)).toBe(2000);
    expect(askAgainIn(exportThat('queued'), requested - 5000)).toBe(2000);
  });

  it('stops asking once the export is ready, failed, or there is none', () => {
    for (const status of ['ready', 'failed', 'none'] as const)
      expect(askAgainIn(exportThat(status), requested + 10)).toBe(false);
    expect(askAgainIn(undefined)).toBe(false);
  });
});
