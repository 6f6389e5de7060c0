import { readFileSync } from 'node:fs';
import { appendFile, cp, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationProblems } from './migration-checksums.ts';

const realFolder = path.join(import.meta.dirname, 'migrations');
const journalFile = (folder: string) => path.join(folder, 'meta', '_journal.json');
const copies: string[] = [];

// The newest landed migration, and the name the next one would take, so the cases hold as migrations land.
const landed = (JSON.parse(readFileSync(journalFile(realFolder), 'utf8')) as { entries: { tag: string }[] })
  .entries;
const newest = landed.at(-1)?.tag ?? '';
const next = `${String(landed.length).padStart(4, '0')}_next`;

const copyOfMigrations = async () => {
  const folder = await mkdtemp(path.join(tmpdir(), 'pilgrim-soul-migrations-'));
  copies.push(folder);
  await cp(realFolder, folder, { recursive: true });
  return folder;
};

const appendJournalEntry = async (folder: string, tag: string, when: number) => {
  const journal = JSON.parse(await readFile(journalFile(folder), 'utf8')) as { entries: object[] };
  journal.entries.push({ idx: journal.entries.length, version: '7', when, tag, breakpoints: true });
  await writeFile(journalFile(folder), JSON.stringify(journal));
};

afterEach(async () => {
  await Promise.all(copies.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

describe('migrationProblems', () => {
  it('passes for the committed migrations', async () => {
    expect(await migrationProblems(realFolder)).toEqual([]);
  });

  it('fails when a landed migration is edited', async () => {
    const folder = await copyOfMigrations();
    await appendFile(
      path.join(folder, '0003_contact_survey_community.sql'),
      '\nALTER TABLE "users" ADD "x" text;',
    );
    const problems = await migrationProblems(folder);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^0003_contact_survey_community\.sql has changed since it landed .* new migration\.$/,
    );
  });

  it('fails when a landed migration is removed or renamed', async () => {
    const folder = await copyOfMigrations();
    await rename(path.join(folder, '0007_sessions.sql'), path.join(folder, '0007_sessions.old'));
    const problems = await migrationProblems(folder);
    expect(problems[0]).toBe(
      '0007_sessions.sql is listed in checksums.txt but is missing: a landed migration must not be removed or renamed.',
    );
  });

  it('fails for a new migration without a checksum line, and says which line to add', async () => {
    const folder = await copyOfMigrations();
    await writeFile(path.join(folder, `${next}.sql`), 'SELECT 1;');
    await appendJournalEntry(folder, next, Date.now());
    const problems = await migrationProblems(folder);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      new RegExp(
        `^${next}\\.sql has no line in checksums\\.txt\\. Once it is final, add this line: [0-9a-f]{64} {2}${next}\\.sql$`,
      ),
    );
  });

  it('fails for a migration inserted before landed ones', async () => {
    const folder = await copyOfMigrations();
    await writeFile(path.join(folder, '0005_early.sql'), 'SELECT 1;');
    await appendJournalEntry(folder, '0005_early', Date.now());
    const problems = await migrationProblems(folder);
    expect(problems[0]).toMatch(
      new RegExp(`^0005_early\\.sql has no line in checksums\\.txt\\. It sorts before ${newest}\\.sql`),
    );
    expect(problems[1]).toMatch(/_journal\.json lists .* in file name order\.$/);
  });

  it('fails when a journal entry is older than the one before it', async () => {
    const folder = await copyOfMigrations();
    await appendJournalEntry(folder, next, 0);
    await writeFile(path.join(folder, `${next}.sql`), 'SELECT 1;');
    const problems = await migrationProblems(folder);
    expect(problems.at(-1)).toMatch(
      new RegExp(`${next} is not newer than ${newest}, so databases that ran ${newest}`),
    );
  });
});
