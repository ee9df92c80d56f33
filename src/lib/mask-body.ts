import { isSecretName, MASKED_SECRET } from '@contract/secret-fields';

/**
 * How deep a JSON body may nest for its secrets to be masked field by field (and for the Requests form to send
 * it): deeper, walking it would exhaust the stack, so it is read as text that cannot be parsed.
 */
export const MAX_JSON_DEPTH = 512;

class TooDeep extends Error {}

/** A string value kept under a secret name, because it is no secret (a variable's `{{name}}`). */
type Keep = (value: string) => boolean;

function maskValue(value: unknown, depth: number, keep: Keep): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (depth > MAX_JSON_DEPTH) throw new TooDeep();
  if (Array.isArray(value)) return value.map((v) => maskValue(v, depth + 1, keep));
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      isSecretName(key) && !(typeof v === 'string' && keep(v))
        ? MASKED_SECRET
        : maskValue(v, depth + 1, keep),
    ]),
  );
}

/** A body that cannot be read field by field: kept whole only when none of its words says secret. */
const unreadable = (body: string) =>
  isSecretName(body) ? { text: MASKED_SECRET, masked: true } : { text: body, masked: false };

/**
 * A body with every value whose name says secret (`isSecretName`: `password`, `WebServicesKey`, `token`, … in any
 * letter case, at any depth) masked, and whether anything was. A body without secrets is kept exactly as written;
 * one that does not parse, or nests deeper than `MAX_JSON_DEPTH`, is kept whole only when no secret name appears
 * in it. A masked body is indented by `spacing`, or by default keeps its own shape (indented when it spans lines,
 * one line when it was one). A string value `keep` says is no secret (a variable's or an exported job's `{{name}}`) stays under a secret name too.
 */
export function maskBody(
  body: string,
  spacing?: number,
  keep: Keep = () => false,
): { text: string; masked: boolean } {
  if (body.trim() === '') return { text: body, masked: false };
  let parsed: unknown;
  let masked: unknown;
  try {
    parsed = JSON.parse(body);
    masked = maskValue(parsed, 1, keep);
  } catch (error) {
    if (error instanceof SyntaxError || error instanceof TooDeep) return unreadable(body);
    throw error;
  }
  if (JSON.stringify(masked) === JSON.stringify(parsed)) return { text: body, masked: false };
  return {
    text: JSON.stringify(masked, null, spacing ?? (body.includes('\n') ? 2 : undefined)),
    masked: true,
  };
}
