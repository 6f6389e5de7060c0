import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** npm start builds the web app first when it is missing or older than its sources. */
const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist/web/index.html');

const newestSource = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    const full = path.join(dir, entry.name);
    const time = entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs;
    return Math.max(newest, time);
  }, 0);

const stale =
  !existsSync(built) ||
  Math.max(newestSource(path.join(root, 'web')), newestSource(path.join(root, 'contract'))) >
    statSync(built).mtimeMs;
if (stale) {
  console.info('Building the web app…');
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  execFileSync(process.execPath, [path.join(root, 'scripts/compress-build.ts')], {
    cwd: root,
    stdio: 'inherit',
  });
}
