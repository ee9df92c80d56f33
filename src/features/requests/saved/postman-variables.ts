import type { Variable } from '../variables/variables-store';
import { variableNameProblem } from '../variables/variables-store';

const asRecord = (v: unknown): Record<string, unknown> | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/**
 * The variables of a collection's `variable` list (`off: 'disabled'`, Postman marks one left out with
 * `disabled: true`) or of an environment's `values` (`off: 'enabled'`, `enabled: false`), with their values (a
 * value that is not text as its JSON), each name once (the last wins, as in Postman). Names the console cannot write
 * as `{{name}}`, and the `reserved` ones, are left out.
 */
export function postmanVariables(list: unknown, off: 'disabled' | 'enabled', reserved: ReadonlySet<string>) {
  const byName = new Map<string, Variable>();
  for (const entry of Array.isArray(list) ? list.map(asRecord) : []) {
    if (!entry || typeof entry.key !== 'string') continue;
    if (off === 'disabled' ? entry.disabled === true : entry.enabled === false) continue;
    if (reserved.has(entry.key) || variableNameProblem(entry.key) !== null) continue;
    const value =
      typeof entry.value === 'string'
        ? entry.value
        : entry.value === undefined
          ? ''
          : JSON.stringify(entry.value);
    byName.set(entry.key, { name: entry.key, value });
  }
  return [...byName.values()];
}
