/** One caption line as the editor holds it: times in seconds (to the millisecond) and plain text. */
export interface Cue {
  /** Only for React and focus: never written to the file. */
  id: string;
  start: number;
  end: number;
  text: string;
}

/** The shortest line: one nudge. A split needs room for two. */
export const MIN_CUE_SECONDS = 0.1;
/** How long a new line lasts, unless the next line or the take's end comes first. */
export const NEW_CUE_SECONDS = 2;
export const NUDGE_SECONDS = 0.1;

let lastCueId = 0;
export const newCueId = () => `cue-${++lastCueId}`;

/** Times stay on whole milliseconds, as WebVTT writes them, so repeated nudges never drift. */
const toMillis = (seconds: number) => Math.round(seconds * 1000) / 1000;
const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

const byStart = (a: Cue, b: Cue) => a.start - b.start || a.end - b.end;

/** Whether `end - start` lasts `minimum`, ignoring the floating-point dust of subtracting two times. */
const lasts = (start: number, end: number, minimum: number) => end - start >= minimum - 1e-9;

/** The line shown at `time`: the latest to start among those running then. */
export const activeCue = (cues: readonly Cue[], time: number): Cue | undefined =>
  cues.filter((cue) => cue.start <= time && time < cue.end).at(-1);

/**
 * Where a line added at `time` goes: there, or at the end of the line playing then (so that lines added
 * one after another while paused follow each other), for up to NEW_CUE_SECONDS, and never over the next
 * line or past the take's end. Null when there is no room left.
 */
export const placeForNewCue = (
  cues: readonly Cue[],
  time: number,
  duration: number,
): { start: number; end: number } | null => {
  let start = toMillis(Math.max(0, time));
  for (let covering = activeCue(cues, start); covering; covering = activeCue(cues, start))
    start = covering.end;
  const next = cues.find((cue) => cue.start >= start + MIN_CUE_SECONDS);
  const end = toMillis(Math.min(start + NEW_CUE_SECONDS, next?.start ?? Infinity, duration));
  return lasts(start, end, MIN_CUE_SECONDS) ? { start, end } : null;
};

/** Adds an empty line at `time` (see placeForNewCue); answers the new line's id, or null when there is no room. */
export const addCue = (cues: readonly Cue[], time: number, duration: number) => {
  const place = placeForNewCue(cues, time, duration);
  if (!place) return { cues: [...cues], id: null };
  const cue: Cue = { id: newCueId(), ...place, text: '' };
  return { cues: [...cues, cue].sort(byStart), id: cue.id };
};

export const setCueText = (cues: readonly Cue[], id: string, text: string) =>
  cues.map((cue) => (cue.id === id ? { ...cue, text } : cue));

export const removeCue = (cues: readonly Cue[], id: string) => cues.filter((cue) => cue.id !== id);

/** The space nearest to `index`, so that a split guessed from the time falls between words. */
const nearestWordBreak = (text: string, index: number) => {
  let best = -1;
  for (let at = text.indexOf(' '); at !== -1; at = text.indexOf(' ', at + 1))
    if (best === -1 || Math.abs(at - index) < Math.abs(best - index)) best = at;
  return best === -1 ? text.length : best;
};

/**
 * Splits a line in two: in time at `time` when it falls inside the line (leaving each half at least
 * MIN_CUE_SECONDS), else in the middle; in text at the caret when it is inside the text, else at the word
 * break nearest to the same share of it. Answers the second half's id, or null when the line is too short.
 */
export const splitCue = (
  cues: readonly Cue[],
  id: string,
  { time, caret }: { time?: number; caret?: number } = {},
) => {
  const index = cues.findIndex((cue) => cue.id === id);
  const cue = cues[index];
  if (!cue || !lasts(cue.start, cue.end, 2 * MIN_CUE_SECONDS)) return { cues: [...cues], id: null };
  const inside =
    time !== undefined && time >= cue.start + MIN_CUE_SECONDS && time <= cue.end - MIN_CUE_SECONDS;
  const at = toMillis(inside ? time : (cue.start + cue.end) / 2);
  const textAt =
    caret !== undefined && caret > 0 && caret < cue.text.length
      ? caret
      : nearestWordBreak(cue.text, Math.round((cue.text.length * (at - cue.start)) / (cue.end - cue.start)));
  const first: Cue = { ...cue, end: at, text: cue.text.slice(0, textAt).trimEnd() };
  const second: Cue = { id: newCueId(), start: at, end: cue.end, text: cue.text.slice(textAt).trimStart() };
  return { cues: [...cues.slice(0, index), first, second, ...cues.slice(index + 1)], id: second.id };
};

/** Joins a line with the one after it: from the first's start to the later end, their words one after the other. */
export const mergeWithNext = (cues: readonly Cue[], id: string) => {
  const index = cues.findIndex((cue) => cue.id === id);
  const cue = cues[index];
  const next = cues[index + 1];
  if (!cue || !next) return [...cues];
  const merged: Cue = {
    ...cue,
    end: Math.max(cue.end, next.end),
    text: [cue.text.trim(), next.text.trim()].filter(Boolean).join(' '),
  };
  return [...cues.slice(0, index), merged, ...cues.slice(index + 2)];
};

/**
 * Moves one edge of a line by `delta` seconds. A line stays at least MIN_CUE_SECONDS long and within the
 * take; its start stays between its neighbours' starts, so the lines keep their order (and a button
 * being pressed again stays where it is).
 */
export const nudgeCue = (
  cues: readonly Cue[],
  id: string,
  edge: 'start' | 'end',
  delta: number,
  duration: number,
) => {
  const index = cues.findIndex((cue) => cue.id === id);
  const cue = cues[index];
  if (!cue) return [...cues];
  const moved =
    edge === 'start'
      ? {
          ...cue,
          start: toMillis(
            clamp(
              cue.start + delta,
              Math.max(0, cues[index - 1]?.start ?? 0),
              Math.min(cue.end - MIN_CUE_SECONDS, cues[index + 1]?.start ?? Infinity),
            ),
          ),
        }
      : { ...cue, end: toMillis(clamp(cue.end + delta, cue.start + MIN_CUE_SECONDS, duration)) };
  // A clamp that cannot be met (a line already shorter than allowed) leaves the line as it was.
  if (!lasts(moved.start, moved.end, MIN_CUE_SECONDS)) return [...cues];
  return cues.map((each) => (each.id === id ? moved : each));
};
