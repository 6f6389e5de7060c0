import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { StoryType } from '#contract/soul-story.ts';
import { useSession } from '#web/shared/session.ts';

/** A take or photo the server has not confirmed yet, with everything needed to send it again. */
export interface KeptItem {
  id: string;
  type: StoryType;
  title: string;
  fileName: string;
  blob: Blob;
  keptAt: number;
  /** The resumable upload the server holds for it, once created: a retry or a reload resumes there. */
  uploadUrl?: string;
  /** Uploaded while it was recorded: its upload learns its length only with its last bytes. */
  deferredLength?: boolean;
}

/**
 * Where unconfirmed items wait. The transport (resumable tus uploads) only calls these, so it can change
 * without touching how items are kept.
 */
export interface TakeKeeper {
  /** Answers where the item waits: in memory only when the browser could not store it (a reload loses it). */
  keep(item: KeptItem): Promise<'on-device' | 'in-memory'>;
  /** Notes the server's upload URL for a kept item, so sending it again resumes instead of starting over. */
  remember(id: string, uploadUrl: string): Promise<void>;
  /** Adds a recorder's chunk to the end of a kept take, so a crash while recording loses nothing before it. */
  append(id: string, chunk: Blob): Promise<void>;
  confirm(id: string): Promise<void>;
  pending(): Promise<KeptItem[]>;
  discard(id: string): Promise<void>;
}

/** Unique among one pilgrim's kept items on this device; `crypto.randomUUID` would need a secure context. */
export const newKeptId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

interface KeptRow extends KeptItem {
  owner: string;
}

/** One recorder chunk of a take kept while recording, in order: writing only the new bytes keeps each append cheap. */
interface ChunkRow {
  owner: string;
  id: string;
  index: number;
  blob: Blob;
}

interface KeeperSchema extends DBSchema {
  items: { key: [string, string]; value: KeptRow; indexes: { owner: string } };
  chunks: { key: [string, string, number]; value: ChunkRow };
}

const DATABASE = 'pilgrim-soul-kept-takes';

const openItems = () =>
  openDB<KeeperSchema>(DATABASE, 2, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1)
        db.createObjectStore('items', { keyPath: ['owner', 'id'] }).createIndex('owner', 'owner');
      if (oldVersion < 2) db.createObjectStore('chunks', { keyPath: ['owner', 'id', 'index'] });
    },
  });

/** Every chunk of one item: arrays sort after numbers, so `[]` closes the range. */
const chunksOf = (owner: string, id: string) => IDBKeyRange.bound([owner, id], [owner, id, []]);

const byKeptAt = (a: KeptItem, b: KeptItem) => a.keptAt - b.keptAt;

/**
 * Keeps items in IndexedDB under the signed-in pilgrim, so another account on the same browser never sees
 * them. When IndexedDB is missing (some private windows) or full, items stay in the tab's memory.
 */
class Keeper implements TakeKeeper {
  private readonly inMemory = new Map<string, KeptItem>();
  private database: Promise<IDBPDatabase<KeeperSchema> | null> | null = null;
  private readonly owner: string;
  /** The next chunk's index for each take recorded in this tab. */
  private readonly nextChunk = new Map<string, number>();

  constructor(owner: string) {
    this.owner = owner;
  }

  private items() {
    this.database ??= (typeof indexedDB === 'undefined' ? Promise.reject() : openItems()).catch(() => null);
    return this.database;
  }

  async keep(item: KeptItem) {
    const database = await this.items();
    if (database) {
      try {
        await database.put('items', { ...item, owner: this.owner });
        return 'on-device';
      } catch {
        // A quota error (or a write refused for any reason): the tab's memory is all that is left.
      }
    }
    this.inMemory.set(item.id, item);
    return 'in-memory';
  }

  async remember(id: string, uploadUrl: string) {
    const held = this.inMemory.get(id);
    if (held) {
      held.uploadUrl = uploadUrl;
      return;
    }
    const database = await this.items();
    const row = await database?.get('items', [this.owner, id]);
    if (row) await database?.put('items', { ...row, uploadUrl });
  }

  async append(id: string, chunk: Blob) {
    const held = this.inMemory.get(id);
    if (held) {
      held.blob = new Blob([held.blob, chunk], { type: held.blob.type });
      return;
    }
    const database = await this.items();
    if (!database) return;
    const index = this.nextChunk.get(id) ?? 0;
    this.nextChunk.set(id, index + 1);
    try {
      await database.put('chunks', { owner: this.owner, id, index, blob: chunk });
    } catch {
      // Storage full in the middle of a take: from here on the tab's memory holds the whole take.
      const row = await database.get('items', [this.owner, id]);
      if (!row) return;
      const { owner: _owner, ...item } = row;
      const blob = await this.assembled(database, item);
      this.inMemory.set(id, { ...item, blob: new Blob([blob, chunk], { type: item.blob.type }) });
    }
  }

  async confirm(id: string) {
    await this.discard(id);
  }

  async discard(id: string) {
    this.inMemory.delete(id);
    this.nextChunk.delete(id);
    const database = await this.items();
    if (!database) return;
    const transaction = database.transaction(['items', 'chunks'], 'readwrite');
    await Promise.all([
      transaction.objectStore('items').delete([this.owner, id]),
      transaction.objectStore('chunks').delete(chunksOf(this.owner, id)),
      transaction.done,
    ]);
  }

  /** A take kept while recording: its first bytes and every chunk after them, in order. */
  private async assembled(database: IDBPDatabase<KeeperSchema>, item: KeptItem) {
    if (!item.deferredLength) return item.blob;
    const chunks = await database.getAll('chunks', chunksOf(this.owner, item.id));
    return new Blob([item.blob, ...chunks.map((chunk) => chunk.blob)], { type: item.blob.type });
  }

  async pending() {
    const database = await this.items();
    const stored = (await database?.getAllFromIndex('items', 'owner', this.owner)) ?? [];
    const items: KeptItem[] = [];
    for (const { owner: _owner, ...item } of stored) {
      if (this.inMemory.has(item.id) || !database) continue;
      items.push({ ...item, blob: await this.assembled(database, item) });
    }
    // A take whose recording stopped before its first chunk has nothing to finish.
    return [...items, ...this.inMemory.values()].filter((item) => item.blob.size > 0).sort(byKeptAt);
  }
}

const keepers = new Map<string, TakeKeeper>();

/** One keeper per pilgrim for the life of the tab, so items kept in memory survive leaving the page. */
export const takeKeeperFor = (owner: string): TakeKeeper => {
  const key = owner.toLowerCase();
  let keeper = keepers.get(key);
  if (!keeper) {
    keeper = new Keeper(key);
    keepers.set(key, keeper);
  }
  return keeper;
};

/** The signed-in pilgrim's keeper. */
export const useTakeKeeper = (): TakeKeeper => {
  const session = useSession();
  return takeKeeperFor(session.user?.email ?? session.email ?? '');
};
