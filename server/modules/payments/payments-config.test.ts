import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'pilgrim-soul-payments-config-'));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

describe('choosing the payment provider', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('runs in test mode when no Stripe key is configured', () => {
    expect(load({}).payments).toBe('test');
  });

  it('uses Stripe once its secret key is configured', () => {
    expect(load({ STRIPE_SECRET_KEY: 'sk_test_x' }).payments).toBe('stripe');
  });

  it('refuses to start in production in test mode unless asked for explicitly', () => {
    expect(() => load({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(load({ NODE_ENV: 'production', PAYMENTS_TEST_MODE_IN_PRODUCTION: 'true' }).payments).toBe('test');
  });
});
