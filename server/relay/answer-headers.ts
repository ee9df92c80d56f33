import { bearerChallenges } from './bearer-challenges.ts';

/** Answer headers that carry one value: a second, different one leaves the answer ambiguous. */
const SINGLE_HEADERS = [
  'Content-Type',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
  // Date: the console measures its clock skew against the tenant's.
  'Date',
] as const;

export type AnswerHeaders =
  { ok: true; headers: Record<string, string> } | { ok: false; conflicting: (typeof SINGLE_HEADERS)[number] };

/**
 * The only tenant answer headers passed back, each once: a single-valued header repeated with the same value is
 * sent once and with different values makes the answer unusable (`conflicting`); Cache-Control values are
 * joined, or `no-store` when the request carried a token (`bearer`); WWW-Authenticate keeps only Bearer
 * challenges.
 *
 * An answer to a request with a token is that user's (a record, a permission, a token's fate) even when a tenant
 * calls it `public`, and the console never relies on HTTP caching: no cache, shared or the browser's own, keeps
 * it. That is simpler and safer than `private` with `Vary: Authorization`.
 */
export function answerHeaders(headers: Record<string, string[] | undefined>, bearer: boolean): AnswerHeaders {
  const out: Record<string, string> = {};
  for (const name of SINGLE_HEADERS) {
    const values = [...new Set((headers[name.toLowerCase()] ?? []).map((value) => value.trim()))];
    if (values.length > 1) return { ok: false, conflicting: name };
    if (values.length === 1) out[name] = values[0]!;
  }
  const cacheControl = (headers['cache-control'] ?? []).map((value) => value.trim()).filter(Boolean);
  out['Cache-Control'] = !bearer && cacheControl.length ? cacheControl.join(', ') : 'no-store';
  const challenges = bearerChallenges(headers['www-authenticate'] ?? []);
  if (challenges !== undefined) out['WWW-Authenticate'] = challenges;
  return { ok: true, headers: out };
}
