/**
 * Starts the app on a page whose first screen came as HTML (server/http/page-shells.ts): its scripts,
 * listed on this script's element with the entry first, are requested once that screen has painted,
 * so that on a slow connection they do not compete with the stylesheet, the fonts and the hero image
 * the first screen paints with.
 */
const [entry, ...preloads] =
  document
    .querySelector<HTMLScriptElement>('script[data-after-first-paint]')
    ?.dataset.afterFirstPaint?.split(' ') ?? [];

// A frame, then a task: the first frame has painted by the time the task runs.
requestAnimationFrame(() =>
  setTimeout(() => {
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    if (entry) void import(/* @vite-ignore */ entry);
  }),
);
