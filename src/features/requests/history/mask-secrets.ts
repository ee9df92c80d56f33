import { isSecretName, MASKED_SECRET, mentionsSecretName } from '@/lib/secret-fields';
import type { RequestForm } from '../form/request-form';

/** The copies' mask, so a history entry and its copies read alike. */
export const MASK = MASKED_SECRET;

function maskValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskValue);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key, isSecretName(key) ? MASK : maskValue(v)]),
  );
}

/**
 * A JSON body with every `password` and `WebServicesKey` value (any letter case, any depth) masked. A body that
 * does not parse is kept whole only when no secret name appears in it.
 */
export function maskBody(body: string): { text: string; masked: boolean } {
  if (body.trim() === '') return { text: body, masked: false };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return mentionsSecretName(body) ? { text: MASK, masked: true } : { text: body, masked: false };
  }
  const masked = maskValue(parsed);
  const text = JSON.stringify(masked, null, 2);
  return JSON.stringify(masked) === JSON.stringify(parsed)
    ? { text: body, masked: false }
    : { text, masked: true };
}

/** The form as it may be kept or copied: secrets in its body and query masked, and whether anything was. */
export function maskForm(form: RequestForm): { form: RequestForm; masked: boolean } {
  const body = maskBody(form.body);
  let masked = body.masked;
  const query = form.query.map((row) => {
    if (!isSecretName(row.name) || row.value === '') return row;
    masked = true;
    return { ...row, value: MASK };
  });
  return { form: { ...form, body: body.text, query }, masked };
}
