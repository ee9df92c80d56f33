const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `text` is exactly a GUID in the 8-4-4-4-12 form. */
export function isGuid(text: string): boolean {
  return GUID.test(text);
}
