import { GrowingTake } from './growing-take.ts';
import { sendUntilConfirmed } from './send-kept.ts';
import { type KeptItem, newKeptId, type TakeKeeper } from './take-keeper.ts';
import { terminateUpload, tusTransport } from './tus-transport.ts';

/** How far a take being recorded has got: kept on the device, and confirmed by the server. */
export interface RecordingProgress {
  recordedBytes: number;
  confirmedBytes: number;
  /** The connection is lost: chunks keep being kept, and the upload resumes when it returns. */
  waiting: boolean;
  /** The browser could not keep a copy; only this tab holds the take. */
  inMemory: boolean;
}

/** The share of the recorded bytes the server holds, in whole percent. */
export const uploadedPercent = ({ recordedBytes, confirmedBytes }: RecordingProgress) =>
  recordedBytes === 0 ? 0 : Math.min(100, Math.floor((confirmedBytes / recordedBytes) * 100));

interface Options {
  keeper: TakeKeeper;
  item: Omit<KeptItem, 'id' | 'blob' | 'keptAt' | 'deferredLength'>;
  mimeType: string;
  onProgress: (progress: RecordingProgress) => void;
}

/**
 * A take uploaded while it is recorded. Each chunk of the recorder is first kept on the device (so a crash
 * keeps it), then offered to a deferred-length tus upload, which sends what is new after each answer and
 * resumes from the server's offset after a lost connection. Save declares the length with the last bytes,
 * and the server makes the memory; Discard stops the upload and has the server drop what it received.
 */
export class RecordingUpload {
  readonly id = newKeptId();
  private readonly take: GrowingTake;
  private readonly item: KeptItem;
  private readonly options: Options;
  private readonly stopping = new AbortController();
  /** Chunks are kept on the device one after another, each before the upload may send it. */
  private keeping: Promise<unknown>;
  private sending: Promise<string> | null = null;
  private progress: RecordingProgress = {
    recordedBytes: 0,
    confirmedBytes: 0,
    waiting: false,
    inMemory: false,
  };

  constructor(options: Options) {
    this.options = options;
    this.take = new GrowingTake(options.mimeType);
    this.item = {
      ...options.item,
      id: this.id,
      blob: new Blob([], { type: options.mimeType }),
      keptAt: Date.now(),
      deferredLength: true,
    };
    // Sending starts once the take is kept, so the keeper can note the upload's URL for a resume after a crash.
    this.keeping = options.keeper.keep(this.item).then((where) => {
      this.report({ inMemory: where === 'in-memory' });
      this.send();
    });
  }

  /** The recorder's next chunk. */
  append(chunk: Blob) {
    if (chunk.size === 0) return;
    this.keeping = this.keeping.then(async () => {
      await this.options.keeper.append(this.id, chunk).catch(() => undefined);
      this.take.append(chunk);
      this.report({ recordedBytes: this.take.size });
    });
  }

  /** Recording has stopped; the upload sends what is left but makes no memory before `save`. */
  async stop() {
    this.keeping = this.keeping.then(() => this.take.stop());
    await this.keeping;
  }

  /** Save to My Story: the last bytes go with the take's length; answers the memory's id. */
  async save() {
    await this.stop();
    this.take.seal();
    // A refusal stopped the first attempt: Save tries again from where the server is.
    return this.sending ?? this.send();
  }

  /** The page is left: the upload stops, and the take stays kept for the offer on return. */
  leave() {
    this.stopping.abort();
    this.take.cancel();
  }

  /** Discard or re-record: the upload stops, the device forgets the take, and the server drops its part. */
  async discard() {
    this.leave();
    await this.keeping.catch(() => undefined);
    await this.options.keeper.discard(this.id);
    if (this.item.uploadUrl) await terminateUpload(this.item.uploadUrl);
  }

  private send() {
    const { keeper } = this.options;
    const sending = sendUntilConfirmed(this.item, {
      keeper,
      signal: this.stopping.signal,
      transport: tusTransport(keeper, {
        take: this.take,
        signal: this.stopping.signal,
        onConfirmed: (confirmedBytes) => this.report({ confirmedBytes, waiting: false }),
      }),
      onState: (state) => this.report({ waiting: state.step === 'waiting' }),
    });
    this.sending = sending;
    sending.catch(() => {
      if (this.sending === sending) this.sending = null;
    });
    return sending;
  }

  private report(change: Partial<RecordingProgress>) {
    this.progress = { ...this.progress, ...change };
    this.options.onProgress(this.progress);
  }
}
