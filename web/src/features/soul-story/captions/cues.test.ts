import { describe, expect, it } from 'vitest';
import {
  activeCue,
  addCue,
  type Cue,
  mergeWithNext,
  nudgeCue,
  placeForNewCue,
  removeCue,
  setCueText,
  splitCue,
} from './cues.ts';

const cue = (id: string, start: number, end: number, text = ''): Cue => ({ id, start, end, text });
const shape = (cues: Cue[]) => cues.map(({ start, end, text }) => [start, end, text]);

describe('activeCue', () => {
  const cues = [cue('a', 0, 2), cue('b', 1.5, 3), cue('c', 4, 5)];
  it('is the latest-starting line running at that time, from its start up to (not including) its end', () => {
    expect(activeCue(cues, 0)?.id).toBe('a');
    expect(activeCue(cues, 1.7)?.id).toBe('b');
    expect(activeCue(cues, 3)).toBeUndefined();
    expect(activeCue(cues, 4.99)?.id).toBe('c');
  });
});

describe('addCue', () => {
  it('adds a line at the time, for two seconds, in order', () => {
    const { cues, id } = addCue([cue('late', 5, 6)], 0.5, 60);
    expect(shape(cues)).toEqual([
      [0.5, 2.5, ''],
      [5, 6, ''],
    ]);
    expect(cues[0]?.id).toBe(id);
  });

  it('starts after the line playing at that time, so lines added while paused follow each other', () => {
    const first = addCue([], 0, 60);
    const second = addCue(first.cues, 0, 60);
    expect(shape(second.cues)).toEqual([
      [0, 2, ''],
      [2, 4, ''],
    ]);
  });

  it('stops at the next line and at the end of the take', () => {
    expect(placeForNewCue([cue('next', 1, 3)], 0, 60)).toEqual({ start: 0, end: 1 });
    expect(placeForNewCue([], 5.2, 6)).toEqual({ start: 5.2, end: 6 });
    expect(placeForNewCue([], 0, Number.POSITIVE_INFINITY)).toEqual({ start: 0, end: 2 });
  });

  it('adds nothing where there is no room left', () => {
    expect(placeForNewCue([cue('all', 0, 6)], 1, 6)).toBeNull();
    const { cues, id } = addCue([], 5.95, 6);
    expect(cues).toEqual([]);
    expect(id).toBeNull();
  });
});

describe('setCueText and removeCue', () => {
  it('change only the line named', () => {
    const cues = [cue('a', 0, 1, 'one'), cue('b', 1, 2, 'two')];
    expect(shape(setCueText(cues, 'b', 'deux'))).toEqual([
      [0, 1, 'one'],
      [1, 2, 'deux'],
    ]);
    expect(shape(removeCue(cues, 'a'))).toEqual([[1, 2, 'two']]);
  });
});

describe('splitCue', () => {
  const line = [cue('a', 0, 2, 'Buen Camino, friends'), cue('b', 2, 4, 'and family')];

  it('splits the words at the caret and the time in the middle when the playhead is elsewhere', () => {
    const { cues, id } = splitCue(line, 'a', { time: 0, caret: 12 });
    expect(shape(cues)).toEqual([
      [0, 1, 'Buen Camino,'],
      [1, 2, 'friends'],
      [2, 4, 'and family'],
    ]);
    expect(cues[1]?.id).toBe(id);
    expect(id).not.toBe('a');
  });

  it('splits the time at the playhead when it is inside the line', () => {
    expect(shape(splitCue(line, 'a', { time: 0.6, caret: 12 }).cues).slice(0, 2)).toEqual([
      [0, 0.6, 'Buen Camino,'],
      [0.6, 2, 'friends'],
    ]);
  });

  it('without a caret inside the words, splits them at the word break nearest the time', () => {
    const words = [cue('a', 0, 4, 'one two three four')];
    expect(shape(splitCue(words, 'a', { time: 1, caret: 0 }).cues)).toEqual([
      [0, 1, 'one'],
      [1, 4, 'two three four'],
    ]);
    expect(shape(splitCue(words, 'a').cues)).toEqual([
      [0, 2, 'one two'],
      [2, 4, 'three four'],
    ]);
  });

  it('leaves a line too short for two halves as it is', () => {
    const short = [cue('a', 0, 0.15, 'Hi')];
    expect(splitCue(short, 'a', { caret: 1 })).toEqual({ cues: short, id: null });
  });
});

describe('mergeWithNext', () => {
  it('joins a line with the next: one start, the later end, the words in order', () => {
    const cues = [cue('a', 0, 1, 'Buen Camino,'), cue('b', 1, 2, 'friends '), cue('c', 2, 4, 'and family')];
    expect(shape(mergeWithNext(cues, 'b'))).toEqual([
      [0, 1, 'Buen Camino,'],
      [1, 4, 'friends and family'],
    ]);
    expect(mergeWithNext(cues, 'b').map((each) => each.id)).toEqual(['a', 'b']);
  });

  it('leaves the last line as it is', () => {
    const cues = [cue('a', 0, 1, 'only')];
    expect(mergeWithNext(cues, 'a')).toEqual(cues);
  });
});

describe('nudgeCue', () => {
  const cues = [cue('a', 0, 1, 'one'), cue('b', 1, 2, 'two'), cue('c', 3, 4, 'three')];

  it('moves one edge by the step, on whole milliseconds however often it is pressed', () => {
    let moved = cues;
    for (let press = 0; press < 3; press += 1) moved = nudgeCue(moved, 'a', 'end', 0.1, 6);
    expect(shape(moved)[0]).toEqual([0, 1.3, 'one']);
    expect(shape(nudgeCue(cues, 'b', 'start', 0.1, 6))[1]).toEqual([1.1, 2, 'two']);
  });

  it('keeps a line within the take and at least a tenth of a second long', () => {
    expect(shape(nudgeCue(cues, 'a', 'start', -0.1, 6))[0]).toEqual([0, 1, 'one']);
    expect(shape(nudgeCue(cues, 'c', 'end', 5, 6))[2]).toEqual([3, 6, 'three']);
    expect(shape(nudgeCue([cue('a', 0, 0.1)], 'a', 'end', -0.1, 6))).toEqual([[0, 0.1, '']]);
    expect(shape(nudgeCue([cue('a', 0.9, 1)], 'a', 'start', 0.1, 6))).toEqual([[0.9, 1, '']]);
  });

  it('keeps a start between its neighbours’ starts, so the lines keep their order', () => {
    expect(shape(nudgeCue(cues, 'b', 'start', -5, 6))[1]).toEqual([0, 2, 'two']);
    const close = [cue('a', 0, 3), cue('b', 1, 2)];
    expect(shape(nudgeCue(close, 'a', 'start', 2, 6))[0]).toEqual([1, 3, '']);
  });
});
