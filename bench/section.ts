import type { ServerProcess } from './server-process.ts';
import type { BenchSettings } from './settings.ts';

/** What every section gets: the settings and the one server started for the run. */
export interface BenchContext {
  settings: BenchSettings;
  server: ServerProcess;
  /** Progress lines, printed as they happen. */
  log: (line: string) => void;
}

/** One line of the closing table. */
export interface Row {
  figure: string;
  value: string;
  note?: string;
}

export interface SectionResult {
  rows: Row[];
  /** Written under the section's key in bench/results.json. */
  figures: Record<string, unknown>;
}

/** One part of the benchmark; run.ts runs its list of sections in order. */
export interface Section {
  /** Key in bench/results.json. */
  key: string;
  title: string;
  run(context: BenchContext): Promise<SectionResult>;
}
