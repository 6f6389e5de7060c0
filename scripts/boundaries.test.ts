import { describe, expect, it } from 'vitest';
import { findViolations, importedPaths } from './boundaries.ts';

const check = (files: Record<string, string>) =>
  findViolations(new Map(Object.entries(files))).map(({ file, imports }) => `${file} -> ${imports}`);

describe('the import boundaries', () => {
  it('reads static, type-only, side-effect and dynamic imports and re-exports', () => {
    const source = [
      "import { a } from './a.ts';",
      "import type { B } from '../b.ts';",
      "import './styles.css';",
      "export { c } from './c.ts';",
      "const d = await import('./d.ts');",
      "import { z } from 'zod';",
      "import { errorBody } from '#contract/common.ts';",
    ].join('\n');
    expect(importedPaths(source).sort()).toEqual([
      '#contract/common.ts',
      '../b.ts',
      './a.ts',
      './c.ts',
      './d.ts',
      './styles.css',
    ]);
  });

  it('refuses a feature reaching into another feature, and allows its index', () => {
    expect(
      check({
        'server/modules/blog/service.ts': "import { startSession } from '../auth/service.ts';",
        'server/modules/store/service.ts': "import { addNotification } from '../notifications/index.ts';",
        'web/src/features/vela/ChatPage.tsx': "import { LoginForm } from '../auth/LoginForm.tsx';",
        'web/src/features/home/HomePage.tsx': "import { useSession } from '../auth/index.ts';",
      }),
    ).toEqual([
      'server/modules/blog/service.ts -> server/modules/auth/service.ts',
      'web/src/features/vela/ChatPage.tsx -> web/src/features/auth/LoginForm.tsx',
    ]);
  });

  it('refuses platform code importing a feature, and the sides importing each other', () => {
    expect(
      check({
        'server/http/auth-guard.ts': "import { users } from '../modules/auth/tables.ts';",
        'web/src/shared/http.ts': "import { chat } from '../features/vela/api/chat.ts';",
        'contract/vela.ts': "import { config } from '#server/config.ts';",
        'server/modules/vela/routes.ts':
          "import { ChatPage } from '../../../web/src/features/vela/ChatPage.tsx';",
        'web/src/features/vela/api.ts':
          "import { velaRoutes } from '../../../../server/modules/vela/routes.ts';",
      }),
    ).toHaveLength(5);
  });

  it('refuses features and platform code importing what builds the app, and allows the parts it describes', () => {
    expect(
      check({
        'server/modules/blog/service.ts': "import { createRuntime } from '#server/runtime.ts';",
        'server/http/page-shells.ts': "import { buildApp } from '../app.ts';",
        'server/modules/vela/routes.ts': "import { createFeatures } from '../index.ts';",
        'web/src/features/vela/ChatPage.tsx': "import { router } from '#web/app/router.tsx';",
        'web/src/shared/http.ts': "import { queryClient } from '../app/query-client.ts';",
        'server/modules/store/routes.ts': "import type { AppDeps } from '#server/deps.ts';",
        'server/http/auth-guard.ts': "import type { Config } from '../config.ts';",
        'server/modules/admin/create-admin-cli.ts': "import { prepareProcess } from '#server/start.ts';",
      }),
    ).toEqual([
      'server/modules/blog/service.ts -> server/runtime.ts',
      'server/http/page-shells.ts -> server/app.ts',
      'server/modules/vela/routes.ts -> server/modules/index.ts',
      'web/src/features/vela/ChatPage.tsx -> web/src/app/router.tsx',
      'web/src/shared/http.ts -> web/src/app/query-client.ts',
    ]);
  });

  it('refuses product code importing test code, which the tests and benchmarks may use', () => {
    expect(
      check({
        'contract/prompts.ts': "import { waitFor } from '#test/wait-for.ts';",
        'server/modules/blog/service.ts': "import { createUser } from '../../../test/users.ts';",
        'web/src/features/vela/ChatPage.tsx': "import { signUp } from '../../../../e2e/fixtures.ts';",
        'bench/vela.ts': "import { createUser } from '#test/users.ts';",
      }),
    ).toEqual([
      'contract/prompts.ts -> test/wait-for.ts',
      'server/modules/blog/service.ts -> test/users.ts',
      'web/src/features/vela/ChatPage.tsx -> e2e/fixtures.ts',
    ]);
  });

  it('lets the composition roots and the tests import anything', () => {
    expect(
      check({
        'server/runtime.ts': "import { soulStoryJobs } from './modules/soul-story/jobs.ts';",
        'server/modules/index.ts': "import { blogRoutes } from './blog/routes.ts';",
        'web/src/app/router.tsx': "import { ChatPage } from '../features/vela/ChatPage.tsx';",
        'server/modules/blog/blog.integration.test.ts': "import { startSession } from '../auth/service.ts';",
        'test/pilgrims.ts': "import { startSession } from '#server/modules/auth/service.ts';",
        'server/modules/vela/routes.ts': "import { chatMessages } from '../../../contract/vela.ts';",
        'server/modules/blog/routes.ts': "import { errorBody } from '#contract/common.ts';",
        'web/src/features/vela/ChatPage.tsx': "import { useSession } from '#web/features/auth/index.ts';",
      }),
    ).toEqual([]);
  });
});
