import webvtt from 'webvtt-parser';
import { vttTime } from '#contract/webvtt-time.ts';
import { type Cue, newCueId } from './cues.ts';

/**
 * A line's words as cue text: `&`, `<` and `>` escaped (so no word reads as a tag, and no line holds
 * `-->`), and without empty lines, which would end the cue early.
 */
const cueText = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');

/** The captions as a WebVTT file, in order of start; a line with no words yet is left out. */
export const toVtt = (cues: readonly Cue[]) => {
  const blocks = [...cues]
    .sort((a, b) => a.start - b.start)
    .map((cue) => ({ cue, text: cueText(cue.text) }))
    .filter(({ text }) => text !== '')
    .map(({ cue, text }) => `${vttTime(cue.start)} --> ${vttTime(cue.end)}\n${text}`);
  return `${['WEBVTT', ...blocks].join('\n\n')}\n`;
};

/**
 * The parser's own table misses the `;` of `&amp;` (it reads `&amp;` as `&;`): these are the character
 * references WebVTT itself names, spelled in full.
 */
const entities = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&lrm;': '\u200e',
  '&rlm;': '\u200f',
  '&nbsp;': '\u00a0',
} as const;

type CueNode = { type: string; value?: unknown; children?: CueNode[] };

/** The words of a cue's parsed text, its markup (voices, italics, timestamps) left out. */
const plainText = (nodes: readonly CueNode[]): string =>
  nodes
    .map((node) =>
      node.type === 'text' ? String(node.value ?? '') : node.children ? plainText(node.children) : '',
    )
    .join('');

/** Saved captions as editable lines: each cue's times and words. Files come from the server, so valid. */
export const fromVtt = (vtt: string): Cue[] =>
  new webvtt.WebVTTParser(entities).parse(vtt).cues.map((cue) => ({
    id: newCueId(),
    start: cue.startTime,
    end: cue.endTime,
    text: plainText(cue.tree.children as CueNode[]),
  }));
