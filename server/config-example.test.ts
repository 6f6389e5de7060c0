import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configSchema } from './config.ts';

/** `.env.example`'s settings: every `NAME=value` line, commented out or not, with the line above it. */
const lines = readFileSync(new URL('../.env.example', import.meta.url), 'utf8').split('\n');
const settingLine = /^#?\s*([A-Z][A-Z0-9_]*)=(.*)$/;
const examples = lines.flatMap((line, index) => {
  const match = settingLine.exec(line);
  return match ? [{ name: match[1]!, value: match[2]!, above: lines[index - 1] ?? '' }] : [];
});
const settings = Object.keys(configSchema.shape);

/** A value as the environment would hold it: dotenv's quotes removed. */
const unquoted = (value: string) => value.replace(/^"(.*)"$/, '$1');

describe('.env.example', () => {
  it.each(settings)('has a line for %s', (name) => {
    expect(
      examples.some((example) => example.name === name),
      `${name} is a setting of server/config.ts without a line in .env.example`,
    ).toBe(true);
  });

  it('names no setting that server/config.ts no longer has, and none twice', () => {
    const names = examples.map((example) => example.name);
    expect(names.filter((name) => !settings.includes(name))).toEqual([]);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it('says what each setting is for, on the line above it', () => {
    const bare = examples.filter(({ above }) => !/^# \S/.test(above) || settingLine.test(above));
    expect(bare.map((example) => example.name)).toEqual([]);
  });

  it('shows each setting at its default, or empty', () => {
    const drifted = examples
      .filter(({ value }) => value !== '')
      .filter(({ name, value }) => {
        const schema = configSchema.shape[name as keyof typeof configSchema.shape];
        return JSON.stringify(schema.parse(unquoted(value))) !== JSON.stringify(schema.parse(undefined));
      });
    expect(drifted.map(({ name, value }) => `${name}=${value}`)).toEqual([]);
  });
});
