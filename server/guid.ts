const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a GUID in the 8-4-4-4-12 form, in any letter case. */
export function isGuid(value: string): boolean {
  return GUID.test(value);
}
