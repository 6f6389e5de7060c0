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
  confirm(id: string): Promise<void>;
  pending(): Promise<KeptItem[]>;
  discard(id: string): Promise<void>;
}

/** Unique among one pilgrim's kept items on this device; `crypto.randomUUID` would need a secure context. */
export const newKeptId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

interface KeptRow extends KeptItem {
  owner: string;
}

interface KeeperSchema extends DBSchema {
  items: { key: [string, string]; value: KeptRow; indexes: { owner: string } };
}

const DATABASE = 'pilgrim-soul-kept-takes';

const openItems = () =>
  openDB<KeeperSchema>(DATABASE, 1, {
    upgrade(db) {
      db.createObjectStore('items', { keyPath: ['owner', 'id'] }).createIndex('owner', 'owner');
    },
  });

const byKeptAt = (a: KeptItem, b: KeptItem) => a.keptAt - b.keptAt;

/**
 * Keeps items in IndexedDB under the signed-in pilgrim, so another account on the same browser never sees
 * them. When IndexedDB is missing (some private windows) or full, items stay in the tab's memory.
 */
class Keeper implements TakeKeeper {
  private readonly inMemory = new Map<string, KeptItem>();
  private database: Promise<IDBPDatabase<KeeperSchema> | null> | null = null;
  private readonly owner: string;

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

  async confirm(id: string) {
    await this.discard(id);
  }

  async discard(id: string) {
    this.inMemory.delete(id);
    await (await this.items())?.delete('items', [this.owner, id]);
  }

  async pending() {
    const stored = (await (await this.items())?.getAllFromIndex('items', 'owner', this.owner)) ?? [];
    const items: KeptItem[] = stored.map(({ owner: _owner, ...item }) => item);
    return [...items.filter((item) => !this.inMemory.has(item.id)), ...this.inMemory.values()].sort(byKeptAt);
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
