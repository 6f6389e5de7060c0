import { iso6392 } from 'iso-639-2';
import { vttTime } from '#contract/webvtt-time.ts';
import { cueBlocks, secondsOf } from './webvtt.ts';

/** A take's captions as placed in the keepsake: the clip starts `start` seconds in, its segment ends at `end`. */
export interface PlacedCaptions {
  vtt: string;
  start: number;
  end: number;
}

/** A karaoke-style timestamp inside a cue's text (`<00:01.500>`), which moves with its cue. */
const innerTimestamp = /<((?:\d+:)?\d{2}:\d{2}\.\d{3})>/g;

/**
 * One WebVTT file for the keepsake: each take's cues shifted to where its clip plays, and cut where its
 * segment ends, so the next card stays clear. Only cues are kept: a take's header, notes and styles are
 * its own, and a cue identifier, unique in its take's file, could clash with another take's. Null when
 * no take has a cue.
 */
export const keepsakeCaptions = (takes: PlacedCaptions[]): string | null => {
  const cues = takes.flatMap(({ vtt, start, end }) =>
    cueBlocks(vtt).flatMap(({ cue }) => {
      if (!cue) return [];
      const placed = (time: string) => Math.min(end, start + secondsOf(time));
      const [from, to] = [placed(cue.start), placed(cue.end)];
      if (from >= to) return [];
      const text = cue.lines
        .slice(cue.at + 1)
        .join('\n')
        .replace(innerTimestamp, (_, time: string) => `<${vttTime(placed(time))}>`);
      return [`${vttTime(from)} --> ${vttTime(to)}${cue.settings}\n${text}`];
    }),
  );
  return cues.length ? `WEBVTT\n\n${cues.join('\n\n')}\n` : null;
};

/** The language most captioned takes are in, the earliest's when tied: a keepsake's track has one. */
export const mostCommonLanguage = (languages: string[]) => {
  const counts = new Map<string, number>();
  for (const language of languages) counts.set(language, (counts.get(language) ?? 0) + 1);
  let chosen: string | null = null;
  for (const [language, count] of counts) if (!chosen || count > counts.get(chosen)!) chosen = language;
  return chosen;
};

/**
 * An mp4 track's language: the ISO 639-2 code (terminology, as ISO/IEC 14496-12 asks: `eng`, `spa`,
 * `deu`) of a BCP 47 tag's language, or `und` when it has none.
 */
export const trackLanguage = (tag: string) => {
  const primary = tag.split('-')[0]!.toLowerCase();
  const found = iso6392.find(
    (language) =>
      language.iso6391 === primary || language.iso6392T === primary || language.iso6392B === primary,
  );
  return found ? (found.iso6392T ?? found.iso6392B) : 'und';
};
