import { spawn } from 'node:child_process';
import path from 'node:path';

/** Development: the API restarts on change (node --watch) and Vite serves the web app with hot reload on :5173. */
const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn(process.execPath, ['--watch-path=server', '--watch-path=contract', 'server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
    },
  }),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], {
    cwd: root,
    stdio: 'inherit',
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
