import { fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { AVATAR_SIZE_PX, profileMessages } from '#contract/profile.ts';
import { Invalid } from '#server/http/errors.ts';

const acceptedImageTypes = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

/** Decoding more pixels than a large phone photo would only serve a decompression bomb. */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Checks the bytes (never the name or declared type) and re-encodes to a square WebP:
 * the re-encode drops EXIF and any other metadata, including GPS positions.
 */
export const prepareAvatar = async (file: string): Promise<Buffer> => {
  const detected = await fileTypeFromFile(file);
  if (!detected || !acceptedImageTypes.has(detected.mime))
    throw new Invalid(profileMessages.avatarNotImage, 'avatar');
  try {
    return await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', position: 'attention' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw new Invalid(profileMessages.avatarUnreadable, 'avatar');
  }
};
