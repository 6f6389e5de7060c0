import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dockerfileProblems } from './check-dockerfile.ts';

describe('dockerfileProblems', () => {
  it('finds none in the project’s Dockerfile', () => {
    expect(dockerfileProblems(readFileSync(new URL('../Dockerfile', import.meta.url), 'utf8'))).toEqual([]);
  });

  it('names what a one-stage image running as root with every dependency lacks', () => {
    const single = [
      'FROM node:24-bookworm',
      'WORKDIR /app',
      'COPY . .',
      'RUN npm ci \\',
      '  && npm run build',
      'CMD ["node", "server/main.ts"]',
    ].join('\n');
    expect(dockerfileProblems(single)).toEqual([
      'no stage before the last one runs `npm run build`',
      'the last stage is not FROM node:24-bookworm-slim',
      'the last stage does not `npm ci --omit=dev`',
      'the last stage installs dev dependencies too',
      'the last stage runs as root: give it a USER',
      'the last stage has no HEALTHCHECK',
      'the last stage EXPOSEs no port',
    ]);
  });

  it('refuses a health check turned off and an explicit root user', () => {
    const dockerfile = readFileSync(new URL('../Dockerfile', import.meta.url), 'utf8')
      .replace(/^USER .*$/m, 'USER root')
      .replace(/^HEALTHCHECK[^\n]*\\\n[^\n]*$/m, 'HEALTHCHECK NONE');
    expect(dockerfileProblems(dockerfile)).toEqual([
      'the last stage runs as root: give it a USER',
      'the last stage has no HEALTHCHECK',
    ]);
  });
});
