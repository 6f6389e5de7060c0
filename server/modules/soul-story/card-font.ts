import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const fontsFolder = new URL('../../../assets/fonts/', import.meta.url);

/**
 * The one font every card and title is drawn with: Noto Serif, Noto Naskh Arabic and Noto Serif Hebrew
 * merged (assets/fonts/build-card-font.py), since drawtext draws a line from a single font file.
 */
export const fontFile = fileURLToPath(new URL('PilgrimCards-Regular.ttf', fontsFolder));
/** Its folder and family name, for libass, which finds a font by name among a folder's files. */
export const fontDir = fileURLToPath(fontsFolder);
export const fontFamily = 'Pilgrim Cards';

type Ranges = [first: number, last: number][];

let covered: Ranges | undefined;

/** Whether the card font has a glyph for this character: the build script lists them beside the font. */
export const fontCovers = (codePoint: number) => {
  covered ??= JSON.parse(readFileSync(new URL('PilgrimCards-coverage.json', fontsFolder), 'utf8')) as Ranges;
  return covered.some(([first, last]) => codePoint >= first && codePoint <= last);
};
