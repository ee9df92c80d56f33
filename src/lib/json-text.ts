/** Whether a text is JSON as `JSON.parse` reads it (an empty text is not). */
export function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
