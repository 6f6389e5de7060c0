import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with the library's defaults (19 MiB, 2 passes, OWASP's baseline), run on libuv's thread pool.
 * At most one hash per core but one runs at a time: the event loop keeps a core of its own, so a burst of
 * sign-ins slows sign-ins, not every other request (and not the embedded database, which shares that thread).
 */
const maxConcurrentHashes = Math.max(1, availableParallelism() - 1);
let running = 0;
const waiting: (() => void)[] = [];

const acquire = async () => {
  if (running < maxConcurrentHashes) {
    running += 1;
    return;
  }
  // The releasing caller hands its slot straight over, so the count never overshoots.
  await new Promise<void>((resolve) => waiting.push(resolve));
};

const release = () => {
  const next = waiting.shift();
  if (next) next();
  else running -= 1;
};

const limited = async <T>(work: () => Promise<T>): Promise<T> => {
  await acquire();
  try {
    return await work();
  } finally {
    release();
  }
};

export const hashPassword = (password: string) => limited(() => hash(password));

export const verifyPassword = (passwordHash: string, password: string) =>
  limited(() => verify(passwordHash, password));

/** Compared against when an email is unknown, so a wrong email takes as long as a wrong password. */
let decoyHash: Promise<string> | null = null;
export const verifyAgainstDecoy = async (password: string) => {
  decoyHash ??= hashPassword('not-a-real-password-decoy');
  await verifyPassword(await decoyHash, password);
  return false;
};
