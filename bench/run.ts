import type { BenchRow, BenchSection } from './section.ts';

/** Each feature's benchmark; `npm run bench -- NAME` runs only the sections whose name contains NAME. */
const sections: (() => Promise<{ default: BenchSection }>)[] = [
  () => import('./foundation.ts'),
  () => import('./auth.ts'),
  () => import('./community-forms.ts'),
  () => import('./vela.ts'),
  () => import('./keepsake.ts'),
  () => import('./captioned.ts'),
  () => import('./giving.ts'),
  () => import('./uploads.ts'),
  () => import('./admission.ts'),
  () => import('./capture.ts'),
  () => import('./capture-server.ts'),
  () => import('./group.ts'),
  () => import('./data-export.ts'),
  () => import('./scale-out.ts'),
  () => import('./request-cost.ts'),
  () => import('./first-screen.ts'),
];

const print = (section: string, rows: BenchRow[]) => {
  console.info(`\n## ${section}`);
  const width = Math.max(...rows.map((row) => row.metric.length), 10);
  for (const row of rows) {
    console.info(
      `${row.metric.padEnd(width)}  ${row.value.padStart(14)}${row.goal ? `   (goal ${row.goal})` : ''}`,
    );
  }
};

// `request-cost` picks "Request cost": a name's spaces may be typed as hyphens.
const filter = process.argv[2]?.replaceAll('-', ' ');
for (const load of sections) {
  const section = (await load()).default;
  if (filter && !section.name.toLowerCase().includes(filter.toLowerCase())) continue;
  print(section.name, await section.run());
}
