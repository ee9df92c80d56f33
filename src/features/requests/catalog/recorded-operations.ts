import type { CatalogEntry } from '@contract/catalog/catalog-entry';
import { isApiMethod } from '@contract/web-api/methods';
import { operationOf } from '@contract/web-api/path-template';

/** The catalog's operations the emulator replays from a recording, by `operationOf`. */
export type RecordedOperations = ReadonlySet<string>;

export const NO_RECORDINGS: RecordedOperations = new Set();

/** A catalog path template: `/api/` and then letters, digits, `-`, `_`, `.`, `/` and `{name}` parameters. */
const TEMPLATE = /^\/api(\/[A-Za-z0-9._{}-]+)+$/i;

export const isRecorded = (recorded: RecordedOperations, entry: CatalogEntry) =>
  recorded.has(operationOf(entry.method, entry.path));

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
    if (!isApiMethod(method)) return null;
    if (typeof path !== 'string' || path.length > 300 || !TEMPLATE.test(path)) return null;
    keys.add(operationOf(method, path));
  }
  return keys;
}
