import { FORMULA_START } from '@/lib/spreadsheet-formula';

/** A record of an array answer: a JSON object (not an array, not null). */
export type JsonRecord = Record<string, unknown>;

/** Whether an answer is a list of records, as most of the Web API's searches answer: a CSV can hold it. */
export function isRecordList(value: unknown): value is JsonRecord[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((item) => typeof item === 'object' && item !== null && !Array.isArray(item))
  );
}

/** One cell: quoted (quotes doubled), a text a spreadsheet would read as a formula neutralised by a leading `'`. */
function cell(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (typeof value === 'string') text = FORMULA_START.test(value) ? `'${value}` : value;
  // A JSON number or boolean is data, never a formula: `-5` stays a number.
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else {
    // A nested value as its JSON, which starts with `[` or `{`.
    text = JSON.stringify(value);
  }
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * The records as CSV (RFC 4180: every cell quoted, lines ending CRLF), one column per member name in the order
 * they first appear, nested values as JSON, cells a spreadsheet would run as formulas neutralised, names too. It
 * starts with a byte-order mark, so that Excel reads it as UTF-8.
 */
export function recordsToCsv(records: readonly JsonRecord[]): string {
  const columns = new Set<string>();
  for (const record of records) for (const name of Object.keys(record)) columns.add(name);
  const names = [...columns];
  const lines = [names.map(cell).join(',')];
  for (const record of records)
    lines.push(names.map((name) => cell(Object.hasOwn(record, name) ? record[name] : undefined)).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
