import { MAX_BODY_BYTES } from '@contract/body-limit';
import { RELAY_LIMIT_HEADER, type RelayLimit } from '@contract/relay-answer';
import type { AnswerDetails } from './api-errors';

/** Which of the relay's own limits refused an answer, by its header; null for any other answer, a tenant's included. */
export function relayLimitOf(headers: Iterable<readonly [string, string]>): RelayLimit | null {
  for (const [name, value] of headers)
    if (
      name.toLowerCase() === RELAY_LIMIT_HEADER.toLowerCase() &&
      (value === 'sign-ins' || value === 'body-size')
    )
      return value;
  return null;
}

/** The largest body the relay passes on, in words. */
export const RELAY_BODY_LIMIT_TEXT = `${MAX_BODY_BYTES / 1024} KB (${MAX_BODY_BYTES.toLocaleString('en-US')} bytes)`;

/** A refusal by one of the relay's own limits, said as the relay's: TeamDynamix set neither. */
export function relayLimitSentence(limit: RelayLimit, calls: number | null): string {
  if (limit === 'body-size')
    return `This server’s relay passes request bodies of at most ${RELAY_BODY_LIMIT_TEXT}: its own limit, not the tenant’s. Nothing reached the tenant.`;
  const per = calls === null ? '' : ` of ${calls} calls a minute`;
  return `This is the limit of this server’s relay${per} for each person, on each sign-in method and getuser, not the tenant’s: it keeps one person from using up the tenant’s own limit, which everyone here shares.`;
}

/**
 * A failure's sentence, followed, when one of the relay's own limits refused the call (by its details), by the
 * sentence that says so: a rate-limit countdown's words are made afresh each second, and keep it.
 */
export function withRelayLimit(message: string, details: AnswerDetails | null | undefined): string {
  const limit = relayLimitOf(details?.rateLimitHeaders ?? []);
  if (limit === null) return message;
  const calls = Number(details?.rateLimitHeaders.find(([name]) => name === 'X-RateLimit-Limit')?.[1]);
  return `${message} ${relayLimitSentence(limit, Number.isInteger(calls) ? calls : null)}`;
}
