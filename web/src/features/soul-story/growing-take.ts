/** A part of the take for one PATCH, and whether it is the last (the upload then declares its length). */
export interface TakeSlice {
  value: Blob;
  done: boolean;
}

const cancelled = () => new DOMException('The take was discarded.', 'AbortError');

/**
 * A take as it is being recorded: the chunks the recorder has given so far, readable from any offset
 * (an upload that resumes after a lost connection reads again from the server's offset). It reads as the
 * source of a deferred-length tus upload: a read waits until there is something new, and the end is told
 * only once the pilgrim has saved, so a stopped take is not made into a memory before Save.
 */
export class GrowingTake {
  private chunks: Blob[] = [];
  private whole: Blob | null = null;
  private recordedBytes = 0;
  private stopped = false;
  private sealed = false;
  private failure: DOMException | null = null;
  private waiting: (() => void)[] = [];
  private readonly type: string;

  constructor(type: string) {
    this.type = type;
  }

  /** Bytes recorded so far. */
  get size() {
    return this.recordedBytes;
  }

  /** The take so far, as one Blob (the recorder's own chunks, not copies). */
  get blob() {
    this.whole ??= new Blob(this.chunks, { type: this.type });
    return this.whole;
  }

  /** The recorder's next chunk. */
  append(chunk: Blob) {
    if (this.stopped || chunk.size === 0) return;
    this.chunks.push(chunk);
    this.whole = null;
    this.recordedBytes += chunk.size;
    this.wake();
  }

  /** Recording has stopped: no more chunks, but the upload is not finished until `seal`. */
  stop() {
    this.stopped = true;
    this.wake();
  }

  /** Save: the upload may send its last bytes with the take's length, which makes the memory. */
  seal() {
    this.stop();
    this.sealed = true;
    this.wake();
  }

  /** Discard: every read waiting for more ends with an AbortError. */
  cancel() {
    this.stopped = true;
    this.failure = cancelled();
    this.wake();
  }

  /**
   * The bytes from `start`, at most up to `end`, as soon as there is at least one (or, once sealed, the
   * end itself, possibly empty).
   */
  async slice(start: number, end: number): Promise<TakeSlice> {
    for (;;) {
      if (this.failure) throw this.failure;
      const available = Math.min(end, this.recordedBytes);
      const last = this.sealed && available === this.recordedBytes;
      if (available > start || last) return { value: this.blob.slice(start, available), done: last };
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  /** tus-js-client calls this when the upload ends; the take itself stays readable for a retry. */
  close() {}

  private wake() {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }
}
