import path from 'node:path';
import type { Db } from '#server/db/client.ts';
import { readNationality } from '#server/identity/nationality.ts';
import type { UserRow } from '#server/identity/users.ts';
import type { DonationsService } from '../donations/index.ts';
import type { JourneyService } from '../journey/index.ts';
import type { NewsletterService } from '../newsletter/index.ts';
import { allNotificationsOf } from '../notifications/index.ts';
import { captionsFileName, findKeepsake, listMemories } from '../soul-story/index.ts';
import type { StoreService } from '../store/index.ts';
import type { SurveyService } from '../survey/index.ts';
import { chatMarkdown, chatTranscript } from '../vela/index.ts';

/** What every section reads from: the account's own row and the database. */
export interface ExportContext {
  db: Db;
  user: UserRow;
}

/**
 * One file of the export: JSON or text made here, or a stored file copied byte for byte. A stored
 * file's CRC-32, when it was taken as the file was stored, spares reading it to checksum it.
 */
export type ExportEntry =
  | { name: string; json: unknown }
  | { name: string; text: string }
  | { name: string; storageKey: string; crc32: number | null };

/** One part of the export: the files it adds to the zip, in order. */
export type ExportSection = (context: ExportContext) => Promise<ExportEntry[]>;

/** The services whose records the export gathers. */
export interface ExportSources {
  journey: Pick<JourneyService, 'journeyOf'>;
  survey: Pick<SurveyService, 'answersOf'>;
  newsletter: Pick<NewsletterService, 'subscriptionOf'>;
  donations: Pick<DonationsService, 'givingOf'>;
  store: Pick<StoreService, 'ordersOf'>;
}

/** A section of one JSON file. */
export const jsonSection =
  (name: string, read: (context: ExportContext) => Promise<unknown>): ExportSection =>
  async (context) => [{ name, json: await read(context) }];

/** A title as a file name every system accepts: no separators or reserved characters, not too long. */
const fileNameOf = (title: string) =>
  title
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)
    .replace(/[. ]+$/, '') || 'memory';

const profile: ExportSection = async ({ user }) => [
  {
    name: 'profile.json',
    json: {
      first_name: user.firstName,
      username: user.username,
      email: user.email,
      ...readNationality(user.nationality),
      bio: user.bio,
      vibe: user.vibe,
      vibe_consent_at: user.vibeConsentAt?.toISOString() ?? null,
      camino_start_date: user.caminoStartDate,
      camino_duration: user.caminoDuration,
      reminder_emails: user.reminderEmails,
      time_zone: user.timeZone,
      avatar: user.avatarKey ? `avatar${path.extname(user.avatarKey)}` : null,
      joined_at: user.createdAt.toISOString(),
    },
  },
  // An avatar is re-encoded small enough that checksumming it during the copy costs nothing.
  ...(user.avatarKey
    ? [{ name: `avatar${path.extname(user.avatarKey)}`, storageKey: user.avatarKey, crc32: null }]
    : []),
];

/**
 * Each memory's original take or photo, named by its place and title, a take's captions beside it
 * (`.<language>.vtt`), and the list of them with their titles.
 */
const memories: ExportSection = async ({ db, user }) => {
  const rows = await listMemories(db, user.id);
  const files = rows.map((row, index) => {
    const name = `memories/${String(index + 1).padStart(2, '0')} ${fileNameOf(row.title)}${path.extname(row.mediaKey)}`;
    return { row, name, captions: row.captionsKey ? captionsFileName(name, row) : null };
  });
  return [
    {
      name: 'memories/memories.json',
      json: files.map(({ row, name, captions }) => ({
        title: row.title,
        type: row.type,
        kind: row.kind,
        file: path.basename(name),
        captions: captions
          ? { file: path.basename(captions), language: row.captionsLanguage, source: row.captionsSource }
          : null,
        created_at: row.createdAt.toISOString(),
      })),
    },
    ...files.flatMap(({ row, name, captions }) => [
      { name, storageKey: row.mediaKey, crc32: row.mediaCrc32 },
      // Captions are small: checksummed as they are copied.
      ...(captions && row.captionsKey ? [{ name: captions, storageKey: row.captionsKey, crc32: null }] : []),
    ]),
  ];
};

const keepsake: ExportSection = async ({ db, user }) => {
  const found = await findKeepsake(db, user.id);
  return found?.videoKey
    ? [{ name: 'keepsake.mp4', storageKey: found.videoKey, crc32: found.videoCrc32 }]
    : [];
};

const conversation: ExportSection = async ({ db, user }) => {
  const transcript = await chatTranscript(db, user.id);
  return [
    { name: 'vela/conversation.json', json: transcript },
    { name: 'vela/conversation.md', text: chatMarkdown(transcript) },
  ];
};

const readme: ExportSection = async ({ user }) => [
  {
    name: 'README.txt',
    text: [
      `Your Pilgrim Soul data, exported on ${new Date().toISOString().slice(0, 10)} for ${user.email}.`,
      '',
      'profile.json              your profile (avatar beside it when you set one)',
      'journey.json              your Camino record',
      'memories/                 every memory as you recorded or uploaded it; memories.json lists their titles',
      '                          a reflection’s captions are beside it, as a WebVTT file (.vtt)',
      'keepsake.mp4              your Soul Story keepsake, when it has been made',
      'vela/conversation.md      your conversation with Vela to read; conversation.json holds the same',
      'notifications.json        the notifications the app showed you',
      'survey-answers.json       the survey answers you gave while signed in',
      'newsletter.json           whether you receive the newsletter',
      'giving/gifts.json         your gifts, each payment with its receipt number and receipt',
      'giving/orders.json        your store orders with their confirmations',
      '',
    ].join('\n'),
  },
];

/**
 * The export, section by section, in the zip's order. A new kind of record is one more line here,
 * usually `jsonSection('<name>.json', ({ db, user }) => recordsOf(db, user.id))`.
 */
export const exportSections = (sources: ExportSources): ExportSection[] => [
  readme,
  profile,
  jsonSection('journey.json', ({ user }) => sources.journey.journeyOf(user.id)),
  memories,
  keepsake,
  conversation,
  jsonSection('notifications.json', ({ db, user }) => allNotificationsOf(db, user.id)),
  jsonSection('survey-answers.json', ({ user }) => sources.survey.answersOf(user.id)),
  jsonSection('newsletter.json', ({ user }) => sources.newsletter.subscriptionOf(user.email)),
  jsonSection('giving/gifts.json', ({ user }) => sources.donations.givingOf(user.email)),
  jsonSection('giving/orders.json', ({ user }) => sources.store.ordersOf(user.email)),
];
