import { openDB, type IDBPDatabase } from 'idb';
import type { RequestForm } from '@/features/requests/public';
import { isSecretName } from '@contract/secret-fields';
import type { RowValues } from '../rows/read-rows';
import type { RowResult } from './row-result';
import { parseTrial, type Trial } from './trial';

/**
 * A job as the browser keeps it, so that a reload or a tab opened again can go on with it: the form as written (its
 * `{{name}}` unfilled), the rows, the results so far. Never a token, and never a job that holds a secret value.
 */
export interface KeptJob {
  connectionId: string;
  connectionLabel: string;
  operation: string;
  form: RequestForm;
  columns: string[];
  values: RowValues[];
  results: (RowResult | null)[];
  stopOnError: boolean;
  /** Where its trial on the sandbox stands (see trial.ts), or null. */
  trial: Trial | null;
}

const DATABASE = 'auth-console-jobs';
const STORE = 'jobs';
/** One job at a time: the one the Requests screen shows. */
const KEY = 'current';

let opened: Promise<IDBPDatabase> | null = null;
const database = () =>
  (opened ??= openDB(DATABASE, 1, {
    upgrade(db) {
      db.createObjectStore(STORE);
    },
  }));

/** Whether a job may be kept: no secret in its form (masked, by the one rule) and no column named as a secret. */
export const mayKeep = (formMasked: boolean, columns: readonly string[]) =>
  !formMasked && !columns.some(isSecretName);

export async function keepJob(job: KeptJob): Promise<void> {
  await (await database()).put(STORE, job, KEY);
}

/** The job kept, or null (none, or one this version cannot read). */
export async function keptJob(): Promise<KeptJob | null> {
  const job = (await (await database()).get(STORE, KEY)) as KeptJob | undefined;
  if (!job || !Array.isArray(job.values) || !Array.isArray(job.results)) return null;
  const trial = parseTrial(job.trial);
  // A trial that cannot be read could send its rows to production unasked: the job is not offered.
  if (job.trial != null && !trial) return null;
  return { ...job, trial };
}

export async function forgetKeptJob(): Promise<void> {
  await (await database()).delete(STORE, KEY);
}
