import { loadavg } from 'node:os';

/** One part of `npm run bench`: it measures and returns rows of figures, printed as a table. */
export interface BenchRow {
  metric: string;
  value: string;
  goal?: string;
}

export interface BenchSection {
  name: string;
  run(): Promise<BenchRow[]>;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** The machine's 1, 5 and 15 minute load averages, printed beside figures that depend on them. */
export const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

export const formatMs = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 0)} ms`;
export const formatMb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const formatKb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
