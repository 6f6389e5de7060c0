import { eq } from 'drizzle-orm';
import type { Config, LoadedConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { randomToken } from './signed-tokens.ts';
import { sharedSecrets } from './tables.ts';

const SIGNING = 'signing';

/**
 * The signing secret kept in the database. Whichever process asks first generates it; the insert yields
 * to one already there, so processes starting together all read the same winner.
 */
export const sharedSigningSecret = async (db: Db): Promise<string> => {
  await db
    .insert(sharedSecrets)
    .values({ name: SIGNING, value: randomToken(48) })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: sharedSecrets.value })
    .from(sharedSecrets)
    .where(eq(sharedSecrets.name, SIGNING));
  if (!row) throw new Error('the shared signing secret could not be stored');
  return row.value;
};

/** The configuration with its secrets: SECRET or the data folder's file when given, else the database's. */
export const withSecrets = async (config: LoadedConfig, db: Db): Promise<Config> => {
  if (config.secrets) return config;
  const secret = await sharedSigningSecret(db);
  return { ...config, SECRET: secret, secrets: [secret] };
};
