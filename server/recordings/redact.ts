import { isSecretName, MASKED_SECRET } from '../../contract/secret-fields.ts';

/** Deeper than this, a JSON body cannot be masked field by field, so it is not kept field by field either. */
const MAX_JSON_DEPTH = 512;

/** A JSON Web Token (the Web API's bearer tokens are ones): never written, wherever it stands. */
const JWT = /eyJ[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]*/g;

/** What a token's own text is made of: a secret stands alone where neither side continues it. */
const TOKEN_CHARACTER = '[A-Za-z0-9_-]';

class TooDeep extends Error {}

export interface Redaction {
  /** Field names (compared without case) whose values are replaced at any depth: RECORD_REDACT. */
  fields: ReadonlySet<string>;
  /** The call's bearer token and its signature, each found where it stands alone: never written. */
  secrets: readonly RegExp[];
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A secret where it stands alone: not inside a longer run of a token's characters (`e` is not masked in `the`). */
function standingAlone(secret: string): RegExp {
  return new RegExp(`(?<!${TOKEN_CHARACTER})${escaped(secret)}(?!${TOKEN_CHARACTER})`, 'g');
}

/** The secrets of a call that a file must never hold: its bearer token, and that token's signature alone. */
export function secretsOf(authorization: string | undefined): RegExp[] {
  const token = /^\s*Bearer\s+(\S+)/i.exec(authorization ?? '')?.[1];
  if (!token) return [];
  const signature = token.split('.')[2] ?? '';
  return [token, ...(signature.length >= 16 ? [signature] : [])].map(standingAlone);
}

/** Text with every token-shaped run and every secret of the call, where it stands, replaced. */
export function scrubText(text: string, secrets: readonly RegExp[]): string {
  let scrubbed = text.replace(JWT, MASKED_SECRET);
  for (const secret of secrets) scrubbed = scrubbed.replace(secret, MASKED_SECRET);
  return scrubbed;
}

/** Whether a field's value is masked whole: a name that says secret (the console's one rule), or RECORD_REDACT. */
function masksField(name: string, fields: ReadonlySet<string>): boolean {
  return isSecretName(name) || fields.has(name.toLowerCase());
}

function redactValue(value: unknown, redaction: Redaction, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value, redaction.secrets);
  if (typeof value !== 'object' || value === null) return value;
  if (depth > MAX_JSON_DEPTH) throw new TooDeep();
  if (Array.isArray(value)) return value.map((item) => redactValue(item, redaction, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      masksField(key, redaction.fields) ? MASKED_SECRET : redactValue(item, redaction, depth + 1),
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

/** Name and value pairs (a query, a form) with the same rule: a masked name's value replaced, tokens scrubbed. */
export function redactPairs(pairs: [string, string][], redaction: Redaction): [string, string][] {
  return pairs.map(([name, value]) => [
    name,
    masksField(name, redaction.fields) ? MASKED_SECRET : scrubText(value, redaction.secrets),
  ]);
}

const WORD = /[A-Za-z0-9_.-]+/g;

/**
 * Whether text that is neither JSON nor a form (XML, HTML, plain text, or bytes read as text) may hold a value
 * the rule masks: one of its words says secret, or is a RECORD_REDACT field. Such text cannot be masked field by
 * field, so it is not kept.
 */
export function mayHoldSecret(text: string, fields: ReadonlySet<string>): boolean {
  if (isSecretName(text)) return true;
  if (fields.size === 0) return false;
  for (const [word] of text.matchAll(WORD)) if (fields.has(word.toLowerCase())) return true;
  return false;
}
