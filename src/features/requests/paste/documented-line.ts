import { API_METHODS, type ApiMethod } from '@contract/web-api/methods';

/** A method the form sends, a space, then one word: how the API's documentation heads each operation. */
const DOCUMENTED = new RegExp(`^\\s*(${API_METHODS.join('|')})\\s+(\\S+)\\s*$`, 'i');

/**
 * A line as the API's documentation writes an operation, `GET /api/{appId}/tickets/{id}` or with a full URL: its
 * method and what follows it; null for anything else.
 */
export function readDocumentedLine(text: string): { method: ApiMethod; target: string } | null {
  const line = DOCUMENTED.exec(text);
  if (!line) return null;
  return { method: line[1]!.toUpperCase() as ApiMethod, target: line[2]! };
}
