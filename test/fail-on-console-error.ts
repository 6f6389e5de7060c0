import { afterEach, vi } from 'vitest';

/** An unexpected console.error during a test fails it. */
const errors: unknown[][] = [];
const original = console.error;
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
  original(...args);
});

afterEach(() => {
  if (errors.length > 0) {
    const messages = errors.map((args) => args.map(String).join(' ')).join('\n');
    errors.length = 0;
    throw new Error(`console.error was called during the test:\n${messages}`);
  }
});
