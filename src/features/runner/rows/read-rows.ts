import Papa from 'papaparse';

/** How the rows are written: one value a line, a CSV with a header row, or a JSON array. */
export type RowsFormat = 'lines' | 'csv' | 'json';

/** A row's values by column: each column a variable for that row. */
export type RowValues = Record<string, string>;

interface Rows {
  columns: string[];
  values: RowValues[];
}

export type RowsRead = { ok: true; rows: Rows } | { ok: false; message: string };

/** The most rows one job takes: the results table and the job kept in the browser stay bounded. */
export const MAX_ROWS = 50_000;

/** A column's name, as a variable is named: letters, digits, `_`, `-` and `.`. */
const COLUMN_NAME = /^[A-Za-z0-9_.-]{1,100}$/;

const refuse = (message: string): RowsRead => ({ ok: false, message });

function checkColumns(columns: string[]): string | null {
  if (columns.length === 0) return 'The rows have no column.';
  const seen = new Set<string>();
  for (const [index, name] of columns.entries()) {
    if (!COLUMN_NAME.test(name))
      return name === ''
        ? `Column ${index + 1} has no name.`
        : `Column “${name}” cannot be a variable’s name: use letters, digits, _, - and . only.`;
    if (seen.has(name)) return `Column “${name}” is named twice.`;
    seen.add(name);
  }
  return null;
}

function done(columns: string[], values: RowValues[]): RowsRead {
  const problem = checkColumns(columns);
  if (problem) return refuse(problem);
  if (values.length === 0) return refuse('There are no rows.');
  if (values.length > MAX_ROWS)
    return refuse(`There are ${values.length} rows: one job takes ${MAX_ROWS} at most.`);
  return { ok: true, rows: { columns, values } };
}

function readLines(text: string, column: string): RowsRead {
  const values = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => ({ [column]: line }));
  return done([column], values);
}

function readCsv(text: string): RowsRead {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header, ...lines] = parsed.data;
  const broken = parsed.errors.find((error) => error.type !== 'Delimiter');
  if (broken) return refuse(`The CSV breaks at line ${(broken.row ?? 0) + 1}: ${broken.message}.`);
  if (!header) return refuse('The CSV is empty: its first line names the columns.');
  const columns = header.map((name) => name.trim());
  const values: RowValues[] = [];
  for (const [index, cells] of lines.entries()) {
    if (cells.length !== columns.length)
      return refuse(
        `Line ${index + 2} of the CSV has ${cells.length} ${cells.length === 1 ? 'value' : 'values'}; its header names ${columns.length}.`,
      );
    values.push(Object.fromEntries(columns.map((name, i) => [name, cells[i]!])));
  }
  return done(columns, values);
}

const isScalar = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

function readJson(text: string, column: string): RowsRead {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return refuse(`The JSON cannot be read: ${(error as Error).message}.`);
  }
  if (!Array.isArray(data)) return refuse('The JSON is not an array: write one item per row, [ … ].');
  if (data.every(isScalar))
    return done(
      [column],
      data.map((value) => ({ [column]: String(value) })),
    );
  const columns: string[] = [];
  const values: RowValues[] = [];
  for (const [index, item] of (data as unknown[]).entries()) {
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      return refuse(
        `Item ${index + 1} of the array is not an object: every row is an object, or every row a value.`,
      );
    const row: RowValues = {};
    for (const [name, value] of Object.entries(item)) {
      if (value === null) continue;
      if (!isScalar(value)) return refuse(`Item ${index + 1}: “${name}” holds more than one value.`);
      if (!columns.includes(name)) columns.push(name);
      row[name] = String(value);
    }
    values.push(row);
  }
  // A member an item leaves out is empty for that row, as an empty cell of a CSV.
  return done(
    columns,
    values.map((row) =>
      Object.fromEntries(columns.map((name) => [name, Object.hasOwn(row, name) ? row[name]! : ''])),
    ),
  );
}

/**
 * The rows of a job from what was pasted or read from a file, each column a variable for its row. `column` names the
 * one column of a list of values (one a line, or a JSON array of values).
 */
export function readRows(text: string, format: RowsFormat, column: string): RowsRead {
  if (text.trim() === '') return refuse('There are no rows.');
  switch (format) {
    case 'lines':
      return readLines(text, column.trim());
    case 'csv':
      return readCsv(text);
    case 'json':
      return readJson(text, column.trim());
  }
}
