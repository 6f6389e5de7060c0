/**
 * Preloaded into the real app process (`NODE_OPTIONS=--import`) by test/crash.integration.test.ts, which
 * leaves the product's code as it is: on SIGUSR2, a timer throws an error nothing catches, as a bug would.
 */
process.on('SIGUSR2', () => {
  setTimeout(() => {
    throw new Error('boom');
  }, 0);
});
