import { isSecretName, MASKED_SECRET, mentionsSecretName } from './secret-fields';

function maskValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskValue);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key, isSecretName(key) ? MASKED_SECRET : maskValue(v)]),
  );
}

/**
 * A body with every `password` and `WebServicesKey` value (any letter case, any depth) masked, and whether anything
 * was. A body without secrets is kept exactly as written; one that does not parse is kept whole only when no secret
 * name appears in it. A masked body is indented by `spacing`, or by default keeps its own shape (indented when it
 * spans lines, one line when it was one).
 */
export function maskBody(body: string, spacing?: number): { text: string; masked: boolean } {
  if (body.trim() === '') return { text: body, masked: false };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return mentionsSecretName(body) ? { text: MASKED_SECRET, masked: true } : { text: body, masked: false };
  }
  const masked = maskValue(parsed);
  if (JSON.stringify(masked) === JSON.stringify(parsed)) return { text: body, masked: false };
  return {
    text: JSON.stringify(masked, null, spacing ?? (body.includes('\n') ? 2 : undefined)),
    masked: true,
  };
}
