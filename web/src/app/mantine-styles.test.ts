import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const webSource = path.resolve(import.meta.dirname, '..');
const mantineStyles = path.resolve(import.meta.dirname, '../../../node_modules/@mantine/core/styles');

const sourceFiles = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });

/** Every name the app imports from @mantine/core, across import statements that span lines. */
const importedComponents = () => {
  const names = new Set<string>();
  for (const file of sourceFiles(webSource)) {
    for (const [, list] of readFileSync(file, 'utf8').matchAll(
      /import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g,
    ))
      for (const name of list!.split(',')) {
        const component = name.replace(/^\s*type\s+/, '').trim();
        if (/^[A-Z]/.test(component)) names.add(component);
      }
  }
  return names;
};

describe('Mantine styles', () => {
  it('imports the stylesheet of every Mantine component the app uses, so none renders unstyled', () => {
    const imported = readFileSync(path.join(import.meta.dirname, 'mantine.css'), 'utf8');
    const components = [...importedComponents()];
    expect(components.length).toBeGreaterThan(20);
    const missing = components.filter(
      (component) =>
        existsSync(path.join(mantineStyles, `${component}.css`)) &&
        !imported.includes(`@mantine/core/styles/${component}.css`),
    );
    expect(missing).toEqual([]);
  });
});
