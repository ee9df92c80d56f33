import type { BodySkeleton } from '@contract/catalog/catalog-entry';

/** The fields an operation's body must hold, in a sentence: a JSON Patch's belong to each of its operations. */
function requiredWords(skeleton: BodySkeleton): string {
  if (skeleton.required.length === 0) return 'No field is required.';
  const fields = skeleton.required.join(', ');
  return skeleton.kind === 'json-patch'
    ? `Required in each operation: ${fields}.`
    : `Required fields: ${fields}.`;
}

/**
 * What the body field says under it when there is no error: whether a body is sent and, where the form's operation
 * has a body skeleton in the catalog, the fields it requires and what the list cannot say.
 */
export function bodyHint(method: string, body: string, skeleton: BodySkeleton | undefined): string {
  if (method === 'GET') return 'A GET request has no body.';
  const sent =
    body.trim() === '' ? 'Empty: no body.' : 'Sent as the body, with Content-Type: application/json.';
  if (!skeleton) return sent;
  return [sent, requiredWords(skeleton), skeleton.note].filter(Boolean).join(' ');
}
