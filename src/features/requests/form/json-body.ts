import { findJsonSyntaxError } from '@contract/json-syntax';
import { MAX_JSON_DEPTH } from '@/lib/mask-body';

export type BodyCheck =
  { ok: true } | { ok: false; line: number; column: number; offset: number; message: string };

/** Whether a body is JSON (an empty body is no body), and if not, where and why it breaks. */
export function checkJsonBody(text: string): BodyCheck {
  if (text.trim() === '') return { ok: true };
  const error = findJsonSyntaxError(text, MAX_JSON_DEPTH);
  if (!error) return { ok: true };
  const { line, column, offset, reason } = error;
  return {
    ok: false,
    line,
    column,
    offset,
    message: error.tooDeep
      ? `The body is ${reason} at line ${line}, column ${column}: the console sends at most ${MAX_JSON_DEPTH}.`
      : `Not valid JSON at line ${line}, column ${column}: ${reason}.`,
  };
}
