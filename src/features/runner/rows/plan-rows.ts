import type { BuiltRequest, RequestDescription } from '@/features/requests/public';
import type { RowValues } from './read-rows';

/** How many of the first rows the preview shows, as they will go out. */
const PREVIEWED_ROWS = 3;

export type RowsPlan =
  /** `shown`: the first rows' requests as they may be shown (secrets masked). */
  | { ok: true; requests: BuiltRequest[]; shown: BuiltRequest[] }
  /** The rows that cannot be sent (the first few), each with why. */
  | { ok: false; problems: string[]; count: number };

/** What stops a described request going out, in one sentence: the path's error, a parameter's, the body's. */
function firstError(description: Extract<RequestDescription, { ready: false }>): string {
  const { errors } = description;
  const parameter = Object.entries(errors.pathValues ?? {})[0];
  return (
    errors.path ?? (parameter ? `${parameter[0]}: ${parameter[1]}` : (errors.body ?? 'It cannot be sent.'))
  );
}

/**
 * Each row's request, described from the form with the row's values as its variables, or the rows that cannot be
 * sent (a `{{name}}` the row leaves empty, a body the values break): a job starts only when every row can go out.
 */
export function planRows(
  values: readonly RowValues[],
  describe: (row: RowValues) => RequestDescription,
): RowsPlan {
  const requests: BuiltRequest[] = [];
  const shown: BuiltRequest[] = [];
  const problems: string[] = [];
  let count = 0;
  for (const [index, row] of values.entries()) {
    const description = describe(row);
    if (!description.ready) {
      count++;
      if (problems.length < PREVIEWED_ROWS) problems.push(`Row ${index + 1}: ${firstError(description)}`);
      continue;
    }
    requests.push(description.request);
    if (shown.length < PREVIEWED_ROWS) shown.push(description.shown);
  }
  return count > 0 ? { ok: false, problems, count } : { ok: true, requests, shown };
}

/**
 * The first rows' requests, for the preview while the form is written: a change of the form describes these few,
 * not every row (each row is described when the job is asked to run).
 */
export function planFirstRows(
  values: readonly RowValues[],
  describe: (row: RowValues) => RequestDescription,
): RowsPlan {
  return planRows(values.slice(0, PREVIEWED_ROWS), describe);
}
