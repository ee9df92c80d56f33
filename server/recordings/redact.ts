import { isSecretName, MASKED_SECRET } from '../../contract/secret-fields.ts';

/** Deeper than this, a JSON body cannot be masked field by field, so it is not kept field by field either. */
const MAX_JSON_DEPTH = 512;

/** A JSON Web Token (the Web API's bearer tokens are ones): never written, wherever it stands. */
const JWT = /eyJ[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]*/g;

class TooDeep extends Error {}

export interface Redaction {
  /** Field names (compared without case) whose values are replaced at any depth: RECORD_REDACT. */
  fields: ReadonlySet<string>;
  /** Strings never to be written: the call's bearer token and its signature. */
  secrets: readonly string[];
}

/** The secrets of a call that a file must never hold: its bearer token, and that token's signature alone. */
export function secretsOf(authorization: string | undefined): string[] {
  const token = /^\s*Bearer\s+(\S+)/i.exec(authorization ?? '')?.[1];
  if (!token) return authorization ? [authorization.trim()].filter((s) => s.length >= 8) : [];
  const signature = token.split('.')[2] ?? '';
  return [token, ...(signature.length >= 16 ? [signature] : [])];
}

/** Text with every token-shaped run and every secret of the call replaced. */
export function scrubText(text: string, secrets: readonly string[]): string {
  let scrubbed = text.replace(JWT, MASKED_SECRET);
  for (const secret of secrets) scrubbed = scrubbed.split(secret).join(MASKED_SECRET);
  return scrubbed;
}

function redactValue(value: unknown, redaction: Redaction, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value, redaction.secrets);
  if (typeof value !== 'object' || value === null) return value;
  if (depth > MAX_JSON_DEPTH) throw new TooDeep();
  if (Array.isArray(value)) return value.map((item) => redactValue(item, redaction, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      isSecretName(key) || redaction.fields.has(key.toLowerCase())
        ? MASKED_SECRET
        : redactValue(item, redaction, depth + 1),
    ]),
  );
}

/**
 * A parsed JSON value with secret-named fields (the one rule of contract/secret-fields.ts), the RECORD_REDACT
 * fields and every token masked; null when it nests too deep to be walked.
 */
export function redactJson(value: unknown, redaction: Redaction): unknown {
  try {
    return redactValue(value, redaction, 1);
  } catch (error) {
    if (error instanceof TooDeep) return null;
    throw error;
  }
}
