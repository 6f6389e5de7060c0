import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rolldown } from 'vite';
import {
  PAGE_SHELLS_FILE,
  type PageShell,
  type PageShells,
  RENDERER_FILE,
} from '../server/http/page-shells.ts';
import { publicPages, SIGN_IN_PATH, signedInPages } from './src/app/page-table.ts';

type OutputChunk = Rolldown.OutputChunk;

const webRoot = import.meta.dirname;
const featuresDir = path.join(webRoot, 'src/features');

/**
 * For every route of web/src/app/page-table.ts: its page chunk with every chunk and stylesheet that
 * chunk imports, less what the entry already loads. Pages behind sign-in also name the sign-in page's,
 * which is what a visit without a session shows.
 */
const chunksOf = (bundle: Rolldown.OutputBundle) =>
  Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');

type Preloads = Pick<PageShell, 'scripts' | 'styles'>;

const preloadsOf = (chunks: OutputChunk[]) => {
  const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const withImports = (chunk: OutputChunk, found = new Set<OutputChunk>()) => {
    if (found.has(chunk)) return found;
    found.add(chunk);
    for (const fileName of chunk.imports) withImports(byFileName.get(fileName)!, found);
    return found;
  };
  const entry = chunks.find((chunk) => chunk.facadeModuleId === path.join(webRoot, 'index.html'));
  if (!entry) throw new Error('The build has no entry chunk for index.html');
  const loadedByEntry = withImports(entry);
  const loadedStyles = new Set(
    [...loadedByEntry].flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]),
  );
  const pageOf = (module: string): Preloads => {
    const page = chunks.find((chunk) => chunk.facadeModuleId === path.join(featuresDir, module));
    if (!page) throw new Error(`No chunk for the page module ${module}`);
    const needed = [...withImports(page)].filter((chunk) => !loadedByEntry.has(chunk));
    const styles = needed.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]);
    return {
      scripts: needed.map((chunk) => `/${chunk.fileName}`),
      styles: [...new Set(styles)].filter((style) => !loadedStyles.has(style)).map((style) => `/${style}`),
    };
  };
  return {
    publicPages: Object.fromEntries(
      Object.entries(publicPages).map(([pattern, module]) => [pattern, pageOf(module)]),
    ),
    signedInPages: Object.fromEntries(
      Object.entries(signedInPages).map(([pattern, module]) => [pattern, pageOf(module)]),
    ),
  };
};

/**
 * The first screens of `/` and of the public pages without parameters, rendered by a server build of
 * web/src/prerender.tsx. Pages behind sign-in have none: their first screen depends on who visits. The
 * server build stays in the web build's dot folder (`RENDERER_FILE`): the server renders with it the
 * first screen of a page it fills in with public data.
 */
const renderFirstScreens = async (outDir: string): Promise<Record<string, string>> => {
  const rendererDir = path.dirname(path.resolve(outDir, RENDERER_FILE));
  await build({
    configFile: false,
    root: webRoot,
    logLevel: 'warn',
    plugins: [react()],
    // Its entry is named after src/prerender.tsx, as RENDERER_FILE says. The packages are bundled in, so
    // that it runs wherever the web build is put (WEB_DIST_DIR), with no node_modules above it.
    ssr: { noExternal: true },
    build: { ssr: 'src/prerender.tsx', outDir: rendererDir, emptyOutDir: true, copyPublicDir: false },
  });
  const { renderFirstScreen } = (await import(pathToFileURL(path.resolve(outDir, RENDERER_FILE)).href)) as {
    renderFirstScreen(pathname: string): Promise<string>;
  };
  const paths = ['/', ...Object.keys(publicPages).filter((pattern) => !/[:*]/.test(pattern))];
  return Object.fromEntries(
    await Promise.all(paths.map(async (pathname) => [pathname, await renderFirstScreen(pathname)] as const)),
  );
};

/**
 * Writes the table the server fills each page's HTML in from (server/http/page-shells.ts): the page's
 * preload links and, for public pages, its first screen.
 */
export const pageShells = (): Plugin => {
  let outDir = '';
  let preloads: ReturnType<typeof preloadsOf> = { publicPages: {}, signedInPages: {} };
  let afterFirstPaint = '';
  return {
    name: 'pilgrim-soul:page-shells',
    apply: (config) => !config.build?.ssr,
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      preloads = preloadsOf(chunks);
      const starter = chunks.find(
        (chunk) => chunk.facadeModuleId === path.join(webRoot, 'src/after-first-paint.ts'),
      );
      if (!starter) throw new Error('The build has no chunk for src/after-first-paint.ts');
      afterFirstPaint = `/${starter.fileName}`;
    },
    closeBundle: {
      sequential: true,
      handler: async () => {
        const firstScreens = await renderFirstScreens(outDir);
        const withFirstScreen = (pattern: string, shell: Preloads): PageShell =>
          firstScreens[pattern] ? { ...shell, firstScreen: firstScreens[pattern] } : shell;
        // A page behind sign-in, visited without a session, is the sign-in page until the app routes there.
        const signedOut = withFirstScreen(SIGN_IN_PATH, preloads.publicPages[SIGN_IN_PATH]!);
        const pages: PageShells['pages'] = {
          ...Object.fromEntries(
            Object.entries(preloads.publicPages).map(([pattern, shell]) => [
              pattern,
              withFirstScreen(pattern, shell),
            ]),
          ),
          ...Object.fromEntries(
            Object.entries(preloads.signedInPages).map(([pattern, shell]) => [
              pattern,
              { ...shell, signedOut },
            ]),
          ),
        };
        if (firstScreens['/']) pages['/'] = { scripts: [], styles: [], firstScreen: firstScreens['/'] };
        const table: PageShells = { afterFirstPaint, pages };
        writeFileSync(path.join(outDir, PAGE_SHELLS_FILE), JSON.stringify(table));
      },
    },
  };
};
