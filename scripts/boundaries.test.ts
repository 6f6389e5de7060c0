import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findViolations } from './boundaries.ts';

const trees: string[] = [];
afterAll(() => Promise.all(trees.map((tree) => rm(tree, { recursive: true, force: true }))));

/** The project's own path aliases, so the planted trees resolve `#server/…` as the real one does. */
const { imports } = JSON.parse(readFileSync(path.join(import.meta.dirname, '../package.json'), 'utf8'));

/**
 * Plants the files (root-relative path → source) in a tree of their own and checks it; each file an import
 * names must be planted too, or it is reported as unresolved. Answers each violation as its chain of files.
 */
const check = async (files: Record<string, string>) => {
  const root = await mkdtemp(path.join(tmpdir(), 'boundaries-'));
  trees.push(root);
  await writeFile(path.join(root, 'package.json'), JSON.stringify({ type: 'module', imports }));
  for (const [file, source] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), source);
  }
  return (await findViolations(root)).map(({ chain }) => chain.join(' → ')).sort();
};

describe('the import boundaries', () => {
  it('reads static, type-only, side-effect and dynamic imports and re-exports', async () => {
    expect(
      await check({
        'server/http/every-kind.ts': [
          "import { a } from '../modules/vela/a.ts';",
          "import type { B } from '#server/modules/vela/b.ts';",
          "import '../modules/vela/c.ts';",
          "export { d } from '../modules/vela/d.ts';",
          "const e = await import('../modules/vela/e.ts');",
          "import { z } from 'zod';",
        ].join('\n'),
        'server/modules/vela/a.ts': 'export const a = 1;',
        'server/modules/vela/b.ts': 'export type B = 1;',
        'server/modules/vela/c.ts': '',
        'server/modules/vela/d.ts': 'export const d = 1;',
        'server/modules/vela/e.ts': '',
      }),
    ).toEqual([
      'server/http/every-kind.ts → server/modules/vela/a.ts',
      'server/http/every-kind.ts → server/modules/vela/b.ts',
      'server/http/every-kind.ts → server/modules/vela/c.ts',
      'server/http/every-kind.ts → server/modules/vela/d.ts',
      'server/http/every-kind.ts → server/modules/vela/e.ts',
    ]);
  });

  it('counts an import, and none written in a comment or a string', async () => {
    expect(
      await check({
        'server/http/quoting.ts': [
          "import { a } from '../modules/vela/a.ts';",
          "// import { receiveWebhook } from '../modules/payments/service.ts';",
          "/* export * from '../app.ts'; */",
          'export const example = "import { velaRoutes } from \'#server/modules/vela/routes.ts\';";',
          "export const template = `await import('../modules/vela/index.ts')`;",
        ].join('\n'),
        'server/modules/vela/a.ts': 'export const a = 1;',
      }),
    ).toEqual(['server/http/quoting.ts → server/modules/vela/a.ts']);
  });

  it('refuses a feature reaching into another feature, and allows its index', async () => {
    expect(
      await check({
        'server/modules/blog/service.ts': "import { startSession } from '../auth/service.ts';",
        'server/modules/store/service.ts': "import { notify } from '#server/modules/notifications/index.ts';",
        'server/modules/auth/service.ts': '',
        'server/modules/notifications/index.ts': '',
        'web/src/features/vela/ChatPage.tsx': "import { LoginForm } from '../auth/LoginForm.tsx';",
        'web/src/features/home/HomePage.tsx': "import { useSession } from '#web/features/auth/index.ts';",
        'web/src/features/auth/LoginForm.tsx': '',
        'web/src/features/auth/index.ts': '',
      }),
    ).toEqual([
      'server/modules/blog/service.ts → server/modules/auth/service.ts',
      'web/src/features/vela/ChatPage.tsx → web/src/features/auth/LoginForm.tsx',
    ]);
  });

  it('refuses platform code reaching a feature, directly or through deps.ts or any other file', async () => {
    expect(
      await check({
        'server/http/auth-guard.ts': "import { users } from '../modules/auth/tables.ts';",
        'server/deps.ts': "import type { PaymentProvider } from './modules/payments/provider.ts';",
        'server/media/routes.ts': "import type { AppDeps } from '#server/deps.ts';",
        'server/jobs/queue.ts': "import type { Config } from '../config.ts';",
        'server/config.ts': "import { velaLimits } from './modules/vela/index.ts';",
        'server/modules/auth/tables.ts': '',
        'server/modules/payments/provider.ts': "import { stripe } from './stripe.ts';",
        'server/modules/payments/stripe.ts': '',
        'server/modules/vela/index.ts': '',
        'web/src/shared/http.ts': "import { chat } from '../features/vela/api/chat.ts';",
        'web/src/features/vela/api/chat.ts': '',
      }),
    ).toEqual([
      'server/deps.ts → server/modules/payments/provider.ts',
      'server/http/auth-guard.ts → server/modules/auth/tables.ts',
      'server/jobs/queue.ts → server/config.ts → server/modules/vela/index.ts',
      'server/media/routes.ts → server/deps.ts → server/modules/payments/provider.ts',
      'web/src/shared/http.ts → web/src/features/vela/api/chat.ts',
    ]);
  });

  it('refuses the sides importing each other, and the contract importing either', async () => {
    expect(
      await check({
        'contract/vela.ts': "import { config } from '#server/config.ts';",
        'contract/blog.ts': "import { http } from '#web/shared/http.ts';",
        'server/config.ts': '',
        'web/src/shared/http.ts': '',
        'server/modules/vela/routes.ts':
          "import { ChatPage } from '../../../web/src/features/vela/ChatPage.tsx';",
        'web/src/features/vela/ChatPage.tsx': '',
        'web/src/features/vela/api.ts': "import { velaRoutes } from '#server/modules/vela/service.ts';",
        'server/modules/vela/service.ts': '',
      }),
    ).toEqual([
      'contract/blog.ts → web/src/shared/http.ts',
      'contract/vela.ts → server/config.ts',
      'server/modules/vela/routes.ts → web/src/features/vela/ChatPage.tsx',
      'web/src/features/vela/api.ts → server/modules/vela/service.ts',
    ]);
  });

  it('refuses features and platform code importing what builds the app, and allows the parts it describes', async () => {
    expect(
      await check({
        'server/modules/blog/service.ts': "import { createRuntime } from '#server/runtime.ts';",
        'server/http/page-shells.ts': "import { buildApp } from '../app.ts';",
        'server/modules/vela/routes.ts': "import { createFeatures } from '../index.ts';",
        'web/src/features/vela/ChatPage.tsx': "import { router } from '#web/app/router.tsx';",
        'web/src/shared/http.ts': "import { queryClient } from '../app/query-client.ts';",
        'server/modules/store/routes.ts': "import type { AppDeps } from '#server/deps.ts';",
        'server/http/auth-guard.ts': "import type { Config } from '../config.ts';",
        'server/modules/admin/create-admin-cli.ts': "import { prepareProcess } from '#server/start.ts';",
        'server/runtime.ts': '',
        'server/app.ts': '',
        'server/modules/index.ts': '',
        'server/deps.ts': '',
        'server/config.ts': '',
        'server/start.ts': '',
        'web/src/app/router.tsx': '',
        'web/src/app/query-client.ts': '',
      }),
    ).toEqual([
      'server/http/page-shells.ts → server/app.ts',
      'server/modules/blog/service.ts → server/runtime.ts',
      'server/modules/vela/routes.ts → server/modules/index.ts',
      'web/src/features/vela/ChatPage.tsx → web/src/app/router.tsx',
      'web/src/shared/http.ts → web/src/app/query-client.ts',
    ]);
  });

  it('refuses product code importing test code, which the tests and benchmarks may use', async () => {
    expect(
      await check({
        'contract/prompts.ts': "import { waitFor } from '#test/wait-for.ts';",
        'server/modules/blog/service.ts': "import { createUser } from '../../../test/users.ts';",
        'web/src/features/vela/ChatPage.tsx': "import { signUp } from '../../../../e2e/fixtures.ts';",
        'server/modules/store/service.ts': "import { order } from './store.test.ts';",
        'bench/vela.ts': "import { createUser } from '#test/users.ts';",
        'test/wait-for.ts': '',
        'test/users.ts': '',
        'e2e/fixtures.ts': '',
        'server/modules/store/store.test.ts': '',
      }),
    ).toEqual([
      'contract/prompts.ts → test/wait-for.ts',
      'server/modules/blog/service.ts → test/users.ts',
      'server/modules/store/service.ts → server/modules/store/store.test.ts',
      'web/src/features/vela/ChatPage.tsx → e2e/fixtures.ts',
    ]);
  });

  it('refuses every import circle once, type-only imports included, wherever it is', async () => {
    expect(
      await check({
        'web/src/features/soul-story/send-kept.ts': "import { tusTransport } from './tus-transport.ts';",
        'web/src/features/soul-story/tus-transport.ts': "import type { KeptItem } from './send-kept.ts';",
        'server/modules/blog/service.ts': "import { posts } from './repository.ts';",
        'server/modules/blog/repository.ts': "import { postsTable } from './tables.ts';",
        'server/modules/blog/tables.ts': "import type { Post } from './service.ts';",
        'test/pilgrims.ts': "import { session } from './sessions.ts';",
        'test/sessions.ts': "import { pilgrim } from './pilgrims.ts';",
      }),
    ).toEqual([
      'server/modules/blog/repository.ts → server/modules/blog/tables.ts → server/modules/blog/service.ts → server/modules/blog/repository.ts',
      'test/pilgrims.ts → test/sessions.ts → test/pilgrims.ts',
      'web/src/features/soul-story/send-kept.ts → web/src/features/soul-story/tus-transport.ts → web/src/features/soul-story/send-kept.ts',
    ]);
  });

  it('refuses a relative or aliased import that does not resolve, so no alias hides a file from the rules', async () => {
    expect(
      await check({
        'server/http/lost.ts':
          "import { a } from '#server/modules/vela/gone.ts';\nimport { b } from './gone.ts';",
      }),
    ).toEqual(['server/http/lost.ts → #server/modules/vela/gone.ts', 'server/http/lost.ts → ./gone.ts']);
  });

  it('lets the composition roots and the tests import anything', async () => {
    expect(
      await check({
        'server/runtime.ts': "import { soulStoryJobs } from './modules/soul-story/jobs.ts';",
        'server/modules/index.ts': "import { blogRoutes } from './blog/routes.ts';",
        'web/src/app/router.tsx': "import { ChatPage } from '../features/vela/ChatPage.tsx';",
        'web/src/main.tsx': "import { router } from './app/router.tsx';",
        'server/modules/blog/blog.integration.test.ts': "import { startSession } from '../auth/service.ts';",
        'test/pilgrims.ts': "import { startSession } from '#server/modules/auth/service.ts';",
        'server/modules/vela/routes.ts': "import { chatMessages } from '../../../contract/vela.ts';",
        'server/modules/blog/routes.ts': "import { errorBody } from '#contract/common.ts';",
        'web/src/features/vela/ChatPage.tsx': "import { useSession } from '#web/features/auth/index.ts';",
        'server/modules/soul-story/jobs.ts': '',
        'server/modules/auth/service.ts': '',
        'web/src/features/auth/index.ts': '',
        'contract/vela.ts': '',
        'contract/common.ts': '',
      }),
    ).toEqual([]);
  });
});
