import type { CatalogEntry } from '@contract/catalog/catalog-entry';

/** The catalog's operations the emulator replays from a recording, by `operationKey`. */
export type RecordedOperations = ReadonlySet<string>;

export const NO_RECORDINGS: RecordedOperations = new Set();

const METHODS: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
/** A catalog path template: `/api/` and then letters, digits, `-`, `_`, `.`, `/` and `{name}` parameters. */
const TEMPLATE = /^\/api(\/[A-Za-z0-9._{}-]+)+$/i;

/** Method and path template compared without case, as replay compares them. */
const operationKey = (method: string, path: string) => `${method.toUpperCase()} ${path.toLowerCase()}`;

export const isRecorded = (recorded: RecordedOperations, entry: CatalogEntry) =>
  recorded.has(operationKey(entry.method, entry.path));

/**
 * Reads the emulator's `GET {base}/recorded-operations` answer (`{ operations: [{ method, path }] }`) strictly:
 * anything else is not a listing, and null.
 */
export function parseRecordedOperations(data: unknown): RecordedOperations | null {
  if (typeof data !== 'object' || data === null || !('operations' in data)) return null;
  const { operations } = data;
  if (!Array.isArray(operations)) return null;
  const keys = new Set<string>();
  for (const operation of operations as unknown[]) {
    if (typeof operation !== 'object' || operation === null) return null;
    const { method, path } = operation as Record<string, unknown>;
    if (typeof method !== 'string' || !METHODS.has(method)) return null;
    if (typeof path !== 'string' || path.length > 300 || !TEMPLATE.test(path)) return null;
    keys.add(operationKey(method, path));
  }
  return keys;
}
