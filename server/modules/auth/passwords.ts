import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with the library's defaults (19 MiB, 2 passes), run on libuv's thread pool so hashing never
 * blocks the event loop.
 */
export const hashPassword = (password: string) => hash(password);

export const verifyPassword = (passwordHash: string, password: string) => verify(passwordHash, password);

/** Compared against when an email is unknown, so a wrong email takes as long as a wrong password. */
let decoyHash: Promise<string> | null = null;
export const verifyAgainstDecoy = async (password: string) => {
  decoyHash ??= hash('not-a-real-password-decoy');
  await verify(await decoyHash, password);
  return false;
};
