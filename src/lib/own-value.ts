/**
 * The value a record holds under `name` itself, never one it inherits: a name that comes from input
 * (`constructor`, `toString`, `__proto__`) must not reach `Object.prototype`.
 */
export function ownValue<T>(record: Readonly<Record<string, T>> | undefined, name: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, name) ? record[name] : undefined;
}
