import { maskBody } from '@/lib/mask-body';
import { fillBody } from './body-template';
import { isReferenceOnly } from './variable-syntax';

/** A stand-in string (a private-use character and `n`) for the `n`th reference outside a string. */
const STAND_IN_VALUE = /^\uE000\d+$/;
const STAND_IN_TEXT = /"\uE000(\d+)"/g;

/**
 * A body masked by the one secret rule (`maskBody`), read with its variables as values: a reference outside a
 * string stands in as a string while it is read, and `{{name}}` alone under a secret name (`"Password":
 * "{{password}}"`) is kept, since it names a variable and holds no secret. Unmasked, the body is kept as written.
 */
export function maskTemplateBody(body: string): { text: string; masked: boolean } {
  const references: string[] = [];
  const read = fillBody(body, (ref) => {
    if (ref.inString) return null;
    references.push(body.slice(ref.start, ref.end));
    return `"\uE000${references.length - 1}"`;
  });
  const masked = maskBody(read, 2, (value) => isReferenceOnly(value) || STAND_IN_VALUE.test(value));
  if (!masked.masked) return { text: body, masked: false };
  return {
    text: masked.text.replace(STAND_IN_TEXT, (text, n: string) => references[Number(n)] ?? text),
    masked: true,
  };
}
