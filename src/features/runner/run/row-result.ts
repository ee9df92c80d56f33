/** A scalar of an answer, as the results table shows it and the downloads write it. */
export type FieldValue = string | number | boolean | null;

/** What one row came to: its status (null when no answer came), the time, and the answer's top-level fields. */
export interface RowResult {
  ok: boolean;
  status: number | null;
  /** From sending to the whole answer read, ms. */
  ms: number;
  /** Why the row failed, in words; '' when it did not. */
  message: string;
  /** The answer's top-level scalar members (an array answer: its `Count`), for the columns the table picks. */
  fields: Record<string, FieldValue>;
  /** A 429 met and the row sent again. */
  retried: boolean;
}

/** How many of an answer's members a result keeps, and how long a text: 10,000 rows stay small in memory. */
const KEPT = { fields: 40, textLength: 500 } as const;

/** The members of an answer a result keeps: an object's scalars (texts cut), an array's length. */
export function answerFields(body: unknown): Record<string, FieldValue> {
  if (Array.isArray(body)) return { Count: body.length };
  if (typeof body !== 'object' || body === null) return {};
  const fields: Record<string, FieldValue> = {};
  let kept = 0;
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (kept >= KEPT.fields) break;
    if (typeof value === 'string') fields[name] = value.slice(0, KEPT.textLength);
    else if (typeof value === 'number' || typeof value === 'boolean' || value === null) fields[name] = value;
    else continue;
    kept++;
  }
  return fields;
}
