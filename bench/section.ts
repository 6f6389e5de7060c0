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

export const formatMs = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 0)} ms`;
export const formatMb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const formatKb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
