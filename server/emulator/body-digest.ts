import { createHash } from 'node:crypto';
import { isSecretName, MASKED_SECRET } from '../../contract/secret-fields.ts';

/** Deeper than this, a JSON body is not walked (the stack would not bear it): it is digested as text. */
const MAX_JSON_DEPTH = 512;

class TooDeep extends Error {}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** Keys sorted at every depth, every value whose name says secret masked. */
function canonical(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (depth > MAX_JSON_DEPTH) throw new TooDeep();
  if (Array.isArray(value)) return value.map((item) => canonical(item, depth + 1));
  const object = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(object)
      .sort()
      .map((key) => [key, isSecretName(key) ? MASKED_SECRET : canonical(object[key], depth + 1)]),
  );
}

/**
 * What the journal keeps of a body with EMULATOR_JOURNAL_VALUES, so that a test can tell which body was sent
 * without the journal holding it: the sha256 (hex) of its canonical JSON (keys sorted at every depth, no
 * whitespace, every secret-named value replaced by `<redacted>`), or of its bytes when it is not JSON. A body that
 * is not JSON and has a word that says secret gets none (null): it cannot be masked field by field.
 */
export function bodyDigest(body: Buffer): string | null {
  const text = body.toString('utf8');
  try {
    return sha256(JSON.stringify(canonical(JSON.parse(text), 1)));
  } catch (error) {
    if (!(error instanceof SyntaxError || error instanceof TooDeep)) throw error;
  }
  return isSecretName(text) ? null : sha256(body);
}
