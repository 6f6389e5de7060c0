import type { Storage } from './storage.ts';

/**
 * Copies every stored file to another storage (the media folder into a bucket), streaming each
 * one. A file already there with the same size is skipped, so the copy can simply be run again
 * after an interruption, or once more after the switch for what arrived meanwhile.
 */
export const copyMedia = async (
  from: Storage,
  to: Storage,
  onCopied: (key: string) => void = () => {},
): Promise<{ copied: number; skipped: number }> => {
  let copied = 0;
  let skipped = 0;
  for (const key of await from.list('')) {
    if ((await to.size(key)) === (await from.size(key))) {
      skipped++;
      continue;
    }
    await to.write(key, await from.read(key));
    onCopied(key);
    copied++;
  }
  return { copied, skipped };
};
