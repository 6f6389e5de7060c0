import { describe, expect, it } from 'vitest';
import { toastDuration } from './toast.ts';

describe('toast durations', () => {
  it('keeps every toast between 2 and 9 seconds', () => {
    expect(toastDuration('success', 'Story saved!')).toBeGreaterThanOrEqual(2000);
    expect(toastDuration('error', 'Upload Failed', 'word '.repeat(200))).toBe(9000);
  });

  it('gives errors and longer messages more time than short confirmations', () => {
    expect(toastDuration('error', 'Failed to delete')).toBeGreaterThan(
      toastDuration('success', 'Memory deleted'),
    );
    expect(
      toastDuration('warning', 'Notification scheduling failed', 'You can set it up later in your profile.'),
    ).toBeGreaterThan(toastDuration('warning', 'Please select a date'));
  });
});
