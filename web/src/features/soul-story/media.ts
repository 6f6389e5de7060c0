/** Recording formats in order of preference: webm where the browser records it, else mp4 (Safari). */
const recordingFormats = [
  { mimeType: 'video/webm;codecs=vp8,opus', fileType: 'video/webm', extension: 'webm' },
  { mimeType: 'video/webm', fileType: 'video/webm', extension: 'webm' },
  { mimeType: 'video/mp4;codecs=avc1,mp4a.40.2', fileType: 'video/mp4', extension: 'mp4' },
  { mimeType: 'video/mp4', fileType: 'video/mp4', extension: 'mp4' },
] as const;

export type RecordingFormat = (typeof recordingFormats)[number];

export const chooseRecordingFormat = (
  isTypeSupported: (mimeType: string) => boolean,
): RecordingFormat | null => recordingFormats.find((format) => isTypeSupported(format.mimeType)) ?? null;

const extensionsByType: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'video/webm': 'webm',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
};

/** JPEG is always `.jpg`; any other file keeps its own extension. */
export const extensionOf = (file: { name: string; type: string }): string => {
  const baseType = file.type.split(';')[0]?.trim().toLowerCase() ?? '';
  if (baseType === 'image/jpeg') return 'jpg';
  const fromName = /\.([a-z0-9]{1,5})$/i.exec(file.name)?.[1]?.toLowerCase();
  if (fromName === 'jpeg' || fromName === 'jpg') return 'jpg';
  return fromName ?? extensionsByType[baseType] ?? 'bin';
};

export const isImageFile = (file: { type: string }) => file.type.startsWith('image/');
export const isVideoFile = (file: { type: string }) => file.type.startsWith('video/');

/** The order after moving one id up or down by one place; unchanged at the edges. */
export const moveBy = <T>(items: readonly T[], index: number, offset: -1 | 1): T[] => {
  const target = index + offset;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const moved = [...items];
  const [item] = moved.splice(index, 1);
  moved.splice(target, 0, item as T);
  return moved;
};

export const formatSeconds = (seconds: number): string => {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};
