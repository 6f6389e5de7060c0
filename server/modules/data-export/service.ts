import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { crc32 } from 'node:zlib';
import { type AccountExportResponse, EXPORT_LINK_DAYS, exportMessages } from '#contract/account.ts';
import type { AppDeps } from '#server/deps.ts';
import { NotFound } from '#server/http/errors.ts';
import { findUserById } from '#server/identity/users.ts';
import { addNotification } from '../notifications/index.ts';
import * as repository from './repository.ts';
import { type ExportEntry, type ExportSources, exportSections } from './sections.ts';
import { layOutZip, layoutFromStored, storedLayout, type ZipLayout, type ZipMember } from './zip.ts';

export const BUILD_JOB = 'account-export.build';
export const READY_EMAIL_JOB = 'account-export.ready-email';
export const EXPIRE_JOB = 'account-export.expire';

export interface ExportJobData {
  exportId: string;
}

export type DataExportDeps = Pick<AppDeps, 'config' | 'db' | 'queue' | 'storage' | 'media' | 'mailer'>;

const LINK_LIFETIME_MS = EXPORT_LINK_DAYS * 24 * 60 * 60 * 1000;

/** Every export of an account is stored under this folder, each in its own folder by id. */
export const exportFolder = (userId: string) => `exports/${userId}`;

/** An export's folder holds its zip's layout, and the stored files the zip holds, copied by the store. */
const LAYOUT_FILE = 'zip-layout.json';

/** Where an export's layout is stored, in the export's own folder. */
const layoutKeyFor = (userId: string, exportId: string) =>
  `${exportFolder(userId)}/${exportId}/${LAYOUT_FILE}`;

/** The key of the zip as its link names it: the layout's folder, and the day it was made. */
const zipKeyOf = (layoutKey: string, readyAt: Date) =>
  `${path.posix.dirname(layoutKey)}/pilgrim-soul-data-${readyAt.toISOString().slice(0, 10)}.zip`;

/** The layout of the zip a link names. */
const layoutKeyOf = (zipKey: string) => `${path.posix.dirname(zipKey)}/${LAYOUT_FILE}`;

/** Exporting one's own data (GDPR articles 15 and 20): one zip, built in the background, linked for 7 days. */
export const createDataExportService = (deps: DataExportDeps, sources: ExportSources) => {
  const { db, storage } = deps;
  const sections = exportSections(sources);

  /** The signed media URL of the zip, valid until the export expires (rounded up to the hour, as media URLs are). */
  const downloadPath = (row: repository.ExportRow) =>
    deps.media.url(
      // A zip built before layouts were (a link of the past 7 days, or an older process in a rolling
      // deploy) is stored whole under its own name.
      row.fileKey!.endsWith('.zip') ? row.fileKey! : zipKeyOf(row.fileKey!, row.readyAt!),
      Math.max(1, Math.ceil((row.expiresAt!.getTime() - Date.now()) / 1000)),
    );

  /** An export whose 7 days are over reads as none, even in the moments before its removal runs. */
  const present = (latest: repository.ExportRow | null): AccountExportResponse => {
    const lapsed = latest?.status === 'ready' && !(latest.expiresAt && latest.expiresAt > new Date());
    const row = lapsed ? null : latest;
    const ready = row?.status === 'ready';
    return {
      status: row ? row.status : 'none',
      requested_at: row?.requestedAt.toISOString() ?? null,
      download_url: ready ? downloadPath(row) : null,
      expires_at: ready ? row.expiresAt!.toISOString() : null,
      size_bytes: ready ? row.sizeBytes : null,
    };
  };

  const exportStatus = async (userId: string) => present(await repository.latestFor(db, userId));

  /** Queues an export, or answers with the one already queued or being built: never two at once. */
  const requestExport = async (userId: string) =>
    present(
      await db.transaction(async (tx) => {
        const queued = await repository.insertQueued(tx, userId);
        if (!queued) return repository.latestFor(tx, userId);
        await deps.queue.send<ExportJobData>(BUILD_JOB, { exportId: queued.id }, {}, tx);
        return queued;
      }),
    );

  /** Removes an export's files: its layout first, so its link leads nowhere from then on. */
  const removeFiles = async (layoutKey: string) => {
    await storage.remove(layoutKey);
    for (const key of await storage.list(`${path.posix.dirname(layoutKey)}/`)) await storage.remove(key);
  };

  const discard = async (row: repository.ExportRow) => {
    if (row.fileKey) await removeFiles(row.fileKey);
    await repository.remove(db, row.id);
  };

  /**
   * The zip's member for an entry: JSON and text as bytes; a stored file copied into the export's
   * folder by the store (on disk a link: nothing is read or written), so the export keeps it whatever
   * becomes of the memory, with its CRC-32 taken now if it was not kept when it was stored.
   */
  const memberOf = async (folder: string, entry: ExportEntry, index: number): Promise<ZipMember> => {
    if ('json' in entry)
      return { name: entry.name, made: Buffer.from(`${JSON.stringify(entry.json, null, 2)}\n`) };
    if ('text' in entry) return { name: entry.name, made: Buffer.from(entry.text) };
    const storageKey = `${folder}/files/${String(index).padStart(2, '0')}${path.posix.extname(entry.storageKey)}`;
    await storage.copy(entry.storageKey, storageKey);
    const size = await storage.size(storageKey);
    if (size === null) throw new Error(`${storageKey} was removed while the export was built`);
    let checksum = entry.crc32;
    if (checksum === null) {
      checksum = 0;
      for await (const chunk of await storage.read(storageKey)) checksum = crc32(chunk, checksum);
    }
    return { name: entry.name, storageKey, size, crc32: checksum };
  };

  /**
   * Lays out the zip section by section and marks it ready, with the in-app notification, the email
   * and the removal after 7 days queued in the same transaction. Safe to run twice: a finished export
   * is left alone, and a retried build writes the same files again. An account erased meanwhile takes
   * the row with it, and the files just written are removed.
   */
  const buildExport = async (exportId: string) => {
    const claimed = await repository.claimForBuilding(db, exportId);
    if (!claimed) return;
    const user = await findUserById(db, claimed.userId);
    if (!user) return;
    const fileKey = layoutKeyFor(user.id, claimed.id);
    const folder = path.posix.dirname(fileKey);
    const context = { db, user };
    let readyAt: Date;
    let layout: ZipLayout;
    try {
      const members: ZipMember[] = [];
      for (const section of sections) {
        for (const entry of await section(context))
          members.push(await memberOf(folder, entry, members.length));
      }
      readyAt = new Date();
      layout = await layOutZip(members, readyAt);
      await storage.write(fileKey, storedLayout(layout));
    } catch (error) {
      // The retry copies them again; nothing is left should this be the last try.
      await removeFiles(fileKey).catch(() => {});
      throw error;
    }
    // The newer copy replaces the older ones: their files are removed while it is marked ready, and
    // are gone before that commits, so only one link ever works. A removal that fails undoes the
    // marking, and the build is tried again.
    const replaced = await repository.replacedBy(db, user.id, exportId);
    const removingReplaced = Promise.all(
      replaced.flatMap((row) => (row.fileKey ? [removeFiles(row.fileKey)] : [])),
    );
    removingReplaced.catch(() => {});
    const expiresAt = new Date(readyAt.getTime() + LINK_LIFETIME_MS);
    const ready = await db.transaction(async (tx) => {
      const marked = await repository.markReady(tx, exportId, {
        fileKey,
        sizeBytes: layout.size,
        readyAt,
        expiresAt,
      });
      for (const row of replaced) await repository.remove(tx, row.id);
      if (marked) {
        await addNotification(tx, {
          userId: user.id,
          title: exportMessages.notificationTitle,
          message: exportMessages.notificationMessage,
          link: '/profile',
        });
        await deps.queue.send<ExportJobData>(
          READY_EMAIL_JOB,
          { exportId },
          { retryLimit: 5, retryDelay: 30 },
          tx,
        );
        await deps.queue.send<ExportJobData>(EXPIRE_JOB, { exportId }, { startAfter: expiresAt }, tx);
      }
      await removingReplaced;
      return marked;
    });
    if (!ready) await removeFiles(fileKey);
  };

  /** A build that failed every retry leaves none of the files it copied. */
  const markFailed = async (exportId: string) => {
    const row = await repository.findById(db, exportId);
    if (row) await removeFiles(layoutKeyFor(row.userId, row.id));
    await repository.markFailed(db, exportId);
  };

  /**
   * The zip a link names, tagged by its export (one build, one zip); null when its folder holds no
   * layout: removed, or a zip stored whole by an older build.
   */
  const zipFor = async (zipKey: string) => {
    let stored: Buffer;
    try {
      stored = await buffer(await storage.read(layoutKeyOf(zipKey)));
    } catch (error) {
      if (error instanceof NotFound) return null;
      throw error;
    }
    return {
      layout: layoutFromStored(stored),
      etag: `"${path.posix.basename(path.posix.dirname(zipKey))}"`,
      fileName: path.posix.basename(zipKey),
    };
  };

  const sendReadyEmail = async (exportId: string) => {
    const row = await repository.findById(db, exportId);
    if (row?.status !== 'ready' || !row.expiresAt || row.expiresAt <= new Date()) return;
    const user = await findUserById(db, row.userId);
    if (!user) return;
    const link = new URL(downloadPath(row), deps.config.PUBLIC_URL).toString();
    const until = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: user.timeZone }).format(
      row.expiresAt,
    );
    await deps.mailer.send({
      to: user.email,
      subject: exportMessages.emailSubject,
      text: [
        `Dear ${user.firstName || user.username},`,
        '',
        'The copy of your Pilgrim Soul data you asked for is ready: your profile, memories and photos, your keepsake, your conversation with Vela, and the records of your notifications, survey answers, newsletter, gifts and orders, in one zip file.',
        '',
        `Download it here until ${until}:`,
        link,
        '',
        'The link is personal: anyone who has it can download your data. After that date the file is deleted; you can ask for a new one on your profile at any time.',
        '',
        'Buen Camino,',
        'Pilgrim Soul',
      ].join('\n'),
    });
  };

  /** Removes every export whose link has run out, its file first. */
  const removeExpired = async () => {
    for (const row of await repository.expiredBy(db, new Date())) await discard(row);
  };

  return { exportStatus, requestExport, buildExport, markFailed, sendReadyEmail, removeExpired, zipFor };
};

export type DataExportService = ReturnType<typeof createDataExportService>;
