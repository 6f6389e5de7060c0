import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'pilgrim-soul-config-'));

describe('loadConfig', () => {
  it('runs on embedded defaults with no settings at all', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.PORT).toBe(3000);
    expect(config.database).toEqual({ kind: 'pglite', dir: path.join(dir, 'pglite') });
    expect(config.mediaDir).toBe(path.join(dir, 'media'));
    expect(config.outboxDir).toBe(path.join(dir, 'outbox'));
    expect(config.payments).toBe('test');
  });

  it('generates a secret on first run and keeps it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).SECRET;
    expect(first?.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'secret.key'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).SECRET).toBe(first);
  });

  it('uses a PostgreSQL server when DATABASE_URL is set', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/app',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/app' });
  });

  it('stops with one readable line naming each bad value', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty', LOG_LEVEL: 'loud' })).toThrow(ConfigError);
    try {
      loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty' });
    } catch (error) {
      expect((error as Error).message).toMatch(/^Invalid configuration: PORT: /);
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('takes the client address from the socket unless TRUST_PROXY names the proxies', () => {
    const trust = (value?: string) =>
      loadConfig({ DATA_DIR: dataDir(), ...(value === undefined ? {} : { TRUST_PROXY: value }) }).TRUST_PROXY;
    expect(trust()).toBe(false);
    expect(trust('off')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('2')).toBe(2);
    expect(trust(' 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8,192.168.0.0/255.255.0.0,loopback')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      '192.168.0.0/255.255.0.0',
      'loopback',
    ]);
    for (const wrong of ['true', 'everyone', '10.0.0.0/33', '10.0.0.1/8/8', '1.2.3', '::1/129']) {
      expect(() => trust(wrong)).toThrow(/^Invalid configuration: TRUST_PROXY: .* is not a proxy address/);
    }
  });

  it('refuses test-mode payments in production unless asked for', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' })).toThrow(
      /test mode in production/,
    );
    expect(
      loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', PAYMENTS_TEST_MODE_IN_PRODUCTION: 'true' })
        .payments,
    ).toBe('test');
  });

  it('keeps media on disk unless S3_BUCKET is set, and takes an empty endpoint for AWS', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).S3_BUCKET).toBeUndefined();
    const config = loadConfig({
      DATA_DIR: dataDir(),
      S3_BUCKET: 'media',
      S3_ENDPOINT: '',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config).toMatchObject({ S3_BUCKET: 'media', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true });
    expect(config.S3_ENDPOINT).toBeUndefined();
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), S3_BUCKET: 'media', S3_ENDPOINT: 'the minio box' }),
    ).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /together/,
    );
  });
});
