import type { JsonObject, PatchOperation } from '@contract/web-api/json-patch';
import { changesMisfit, readChanges, readRecord } from './changes';
import { changesPatch } from './changes-patch';
import { recordDiff, type DiffLine } from './record-diff';
import { wholeRecord } from './whole-record';

/** An edit worked out from a loaded record and the changes: both bodies, and what they change. */
export interface EditPlan {
  before: JsonObject;
  /** The whole record to send to the replacing edit (`POST …/{id}`). */
  after: JsonObject;
  /** The same changes for the record's PATCH, where it has one. */
  patch: PatchOperation[];
  diff: DiffLine[];
}

export type PlanResult = { ok: true; plan: EditPlan } | { ok: false; message: string };

/**
 * Load, change, send, without the sending: `loaded` is what the record's GET answered (its parsed body), `changes`
 * the JSON text of only the fields to change (custom attributes as `"Attributes": [{"ID": 1234, "Value": "…"}]`).
 * The Requests form calls it once, the runner once per row.
 */
export function planEdit(loaded: unknown, changes: string): PlanResult {
  const record = readRecord(loaded);
  if (!record.ok) return record;
  const read = readChanges(changes);
  if (!read.ok) return read;
  const misfit = changesMisfit(record.value, read.value);
  if (misfit !== null) return { ok: false, message: misfit };
  const after = wholeRecord(record.value, read.value);
  return {
    ok: true,
    plan: {
      before: record.value,
      after,
      patch: changesPatch(record.value, read.value),
      diff: recordDiff(record.value, after),
    },
  };
}
