import { setImmediate } from 'node:timers/promises';
import { type AccountExportResponse, EXPORT_LINK_DAYS, exportMessages } from '#contract/account.ts';
import type { AppDeps } from '#server/deps.ts';
import { findUserById } from '#server/identity/users.ts';
import { addNotification } from '../notifications/index.ts';
import * as repository from './repository.ts';
import { type ExportSources, exportSections } from './sections.ts';
import { type ExportEntry, writeZip } from './zip.ts';

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

/** Exporting one's own data (GDPR articles 15 and 20): one zip, built in the background, linked for 7 days. */
export const createDataExportService = (deps: DataExportDeps, sources: ExportSources) => {
  const { db, storage } = deps;
  const sections = exportSections(sources);

  /** The signed media URL of the zip, valid until the export expires (rounded up to the hour, as media URLs are). */
  const downloadPath = (row: repository.ExportRow) =>
    deps.media.url(row.fileKey!, Math.max(1, Math.ceil((row.expiresAt!.getTime() - Date.now()) / 1000)));

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

  const discard = async (row: repository.ExportRow) => {
    if (row.fileKey) await storage.remove(row.fileKey);
    await repository.remove(db, row.id);
  };

  /**
   * Builds the zip section by section and marks it ready, with the in-app notification, the email and
   * the removal after 7 days queued in the same transaction. Safe to run twice: a finished export is
   * left alone, and a retried build writes the same file again. An account erased meanwhile takes the
   * row with it, and the file just written is removed.
   */
  const buildExport = async (exportId: string) => {
    const claimed = await repository.claimForBuilding(db, exportId);
    if (!claimed) return;
    const user = await findUserById(db, claimed.userId);
    if (!user) return;
    const fileKey = `${exportFolder(user.id)}/${claimed.id}/pilgrim-soul-data-${new Date().toISOString().slice(0, 10)}.zip`;
    const context = { db, user };
    // Sections are read in order until one holds stored files; the rest are then read while those
    // files are copied, one at a time with a turn of the event loop between them: PGlite answers on
    // this thread, and all of them at once would hold up the copy's reads and writes for as long.
    // A section that fails stops the zip where it comes.
    const reading: Promise<ExportEntry[]>[] = [];
    const read = (index: number) => {
      if (!reading[index]) {
        reading[index] = sections[index]!(context);
        reading[index].catch(() => {});
      }
      return reading[index];
    };
    const readFrom = async (first: number) => {
      for (let index = first; index < sections.length; index++) {
        await setImmediate();
        await read(index).catch(() => {});
      }
    };
    async function* entries() {
      let restRead = false;
      for (let index = 0; index < sections.length; index++) {
        const made = await read(index);
        if (!restRead && made.some((entry) => 'storageKey' in entry)) {
          restRead = true;
          void readFrom(index + 1);
        }
        yield* made;
      }
    }
    const { bytes } = await writeZip(storage, fileKey, entries());
    // The newer copy replaces the older ones: their files are removed while it is marked ready, and
    // are gone before that commits, so only one link ever works. A removal that fails undoes the
    // marking, and the build is tried again.
    const replaced = await repository.replacedBy(db, user.id, exportId);
    const removingReplaced = Promise.all(
      replaced.flatMap((row) => (row.fileKey ? [storage.remove(row.fileKey)] : [])),
    );
    removingReplaced.catch(() => {});
    const readyAt = new Date();
    const expiresAt = new Date(readyAt.getTime() + LINK_LIFETIME_MS);
    const ready = await db.transaction(async (tx) => {
      const marked = await repository.markReady(tx, exportId, {
        fileKey,
        sizeBytes: bytes,
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
    if (!ready) await storage.remove(fileKey);
  };

  const markFailed = (exportId: string) => repository.markFailed(db, exportId);

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

  return { exportStatus, requestExport, buildExport, markFailed, sendReadyEmail, removeExpired };
};

export type DataExportService = ReturnType<typeof createDataExportService>;
