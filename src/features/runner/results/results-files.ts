import { recordsToCsv } from '@/features/requests/public';
import type { RowValues } from '../rows/read-rows';
import type { FieldValue, RowResult } from '../run/row-result';

export interface ResultLine {
  /** The row's place in the job, from 0. */
  index: number;
  values: RowValues;
  result: RowResult | undefined;
}

/** A row's status in words for the table and the CSV: its HTTP status, or why none came. */
export const statusText = (result: RowResult | undefined): string =>
  result === undefined ? 'Not sent' : result.status === null ? 'No answer' : String(result.status);

/**
 * The results as CSV, one line per row: its number, its values, its status, error and time, and the answer's fields
 * picked, written as the answer's CSV is (formula-safe: a cell a spreadsheet would run is neutralised).
 */
export function resultsCsv(
  lines: readonly ResultLine[],
  columns: readonly string[],
  fields: readonly string[],
): string {
  return recordsToCsv(
    lines.map(({ index, values, result }) => ({
      Row: index + 1,
      ...Object.fromEntries(columns.map((name) => [name, values[name] ?? ''])),
      Status: statusText(result),
      Error: result?.message ?? '',
      'Time (ms)': result?.ms ?? null,
      ...Object.fromEntries(fields.map((name): [string, FieldValue] => [name, result?.fields[name] ?? null])),
    })),
  );
}

/** The results as JSON: every row with its values and all the answer's fields kept. */
export function resultsJson(lines: readonly ResultLine[]): string {
  return JSON.stringify(
    lines.map(({ index, values, result }) => ({
      row: index + 1,
      values,
      status: result?.status ?? null,
      ok: result?.ok ?? false,
      error: result?.message ?? (result ? '' : 'Not sent'),
      ms: result?.ms ?? null,
      retried: result?.retried ?? false,
      fields: result?.fields ?? {},
    })),
    null,
    2,
  );
}
