import webvtt from 'webvtt-parser';
import { soulStoryMessages as messages } from '#contract/soul-story.ts';
import { vttTime } from '#contract/webvtt-time.ts';

/**
 * How far past the take's probed end a cue may run: a container rounds its length, and a take saved
 * before its length was kept knows it only to the frame (1/30 s).
 */
export const CAPTIONS_END_TOLERANCE_SECONDS = 0.1;

/**
 * What is wrong with a take's captions, as one sentence for the pilgrim, or null when they are a valid
 * WebVTT file (by the W3C's own validator, webvtt-parser) whose every cue ends by the take's end.
 */
export const captionsRefusal = (vtt: string, takeSeconds: number): string | null => {
  const parsed = new webvtt.WebVTTParser().parse(vtt);
  const [first] = [...parsed.errors].sort((a, b) => a.line - b.line);
  if (first) return messages.captionsInvalid(first.line, first.message);
  // In a valid file, only a cue's timing line holds "-->" (comments, styles and cue text may not),
  // so the n-th such line is the n-th cue's.
  const timingLines = vtt
    .split(/\r\n|\r|\n/)
    .flatMap((line, index) => (line.includes('-->') ? [index + 1] : []));
  for (const [index, cue] of parsed.cues.entries()) {
    if (cue.endTime > takeSeconds + CAPTIONS_END_TOLERANCE_SECONDS)
      return messages.captionsPastEnd(timingLines[index] ?? 0, vttTime(cue.endTime), vttTime(takeSeconds));
  }
  return null;
};

const timingLine = /^(\s*)((?:\d+:)?\d{2}:\d{2}\.\d{3})(\s+-->\s+)((?:\d+:)?\d{2}:\d{2}\.\d{3})(.*)$/;

export const secondsOf = (time: string) =>
  time
    .split(':')
    .map(Number)
    .reduce((sum, part) => sum * 60 + part, 0);

/**
 * A file's blocks (separated by blank lines), each with its cue's timing when it is a cue: its lines,
 * which one is the timing line, and that line's parts as written. The header, notes and styles have none.
 * (A lone CR is a line break only when no LF follows: one CRLF is never read as a blank line.)
 */
export const cueBlocks = (vtt: string) =>
  vtt.split(/(?:\r\n|\r(?!\n)|\n){2,}/).map((block) => {
    const lines = block.split(/\r\n|\r|\n/);
    const at = lines.findIndex((line) => timingLine.test(line));
    const [, indent = '', start = '', arrow = '', end = '', settings = ''] =
      (at === -1 ? null : timingLine.exec(lines[at]!)) ?? [];
    return { block, cue: at === -1 ? null : { lines, at, indent, start, arrow, end, settings } };
  });

/**
 * Drafted captions fitted to their take: a transcription server pads the sound it hears to its own
 * windows, so its last cue often ends a moment past the take. A cue that starts by the end is cut at
 * it, one that starts after it is dropped; anything else is left as written, for captionsRefusal to judge.
 */
export const trimCuesToEnd = (vtt: string, takeSeconds: number) =>
  cueBlocks(vtt)
    .flatMap(({ block, cue }) => {
      if (!cue) return [block];
      const { lines, at, indent, start, arrow, end, settings } = cue;
      if (secondsOf(start) >= takeSeconds) return [];
      if (secondsOf(end) <= takeSeconds) return [block];
      lines[at] = `${indent}${start}${arrow}${vttTime(takeSeconds)}${settings}`;
      return [lines.join('\n')];
    })
    .join('\n\n');
