import {
  ApiHttpError,
  type AnswerDetails,
  NetworkError,
  RateLimitedError,
  SessionExpiredError,
} from '@/lib/api-errors';
import { now } from '@/lib/clock';
import { relayLimitOf, relayLimitSentence, withRelayLimit } from '@/lib/relay-limit';
import type { RelayLimit } from '@contract/relay-answer';
import { SIGN_OUT_MESSAGES } from '../sign-in/sign-out-messages';
import { retryMessage } from './retry-message';

export type FailureKind =
  | 'invalid-credentials'
  | 'locked'
  | 'inactive'
  | 'expired'
  | 'forbidden'
  | 'rate-limited'
  | 'unreachable'
  | 'bad-request'
  | 'not-found'
  | 'server'
  | 'unknown';

export interface Failure {
  kind: FailureKind;
  message: string;
  /** For rate limits: when another try is possible (browser clock). */
  retryAt?: number;
  /** The answer behind the failure, for the details disclosure; none when nothing was answered. */
  details?: AnswerDetails;
  /** Told without the error notice's code, which could not be fetched (the server went away): shown plainly. */
  plain?: true;
}

/** A refusal by one of the relay's own limits, named as the relay's: the tenant was never asked. */
function relayRefusal(error: ApiHttpError, limit: RelayLimit): Failure {
  if (limit === 'body-size') return { kind: 'bad-request', message: relayLimitSentence(limit, null) };
  const retryAt = error.retryAt ?? now() + 60_000;
  return { kind: 'rate-limited', retryAt, message: withRelayLimit(retryMessage(retryAt), error.details) };
}

/** What a failed call means, in words for the person at the console. No secret is ever part of a message. */
export function describeFailure(error: unknown): Failure {
  const failure = describeWithoutDetails(error);
  return error instanceof ApiHttpError && error.details ? { ...failure, details: error.details } : failure;
}

function describeWithoutDetails(error: unknown): Failure {
  if (error instanceof RateLimitedError) {
    return { kind: 'rate-limited', retryAt: error.retryAt, message: retryMessage(error.retryAt) };
  }
  if (error instanceof SessionExpiredError) {
    return { kind: 'expired', message: SIGN_OUT_MESSAGES.expired };
  }
  if (error instanceof NetworkError) {
    return {
      kind: 'unreachable',
      message: `The server at ${error.address} cannot be reached. Check that it is running.`,
    };
  }
  if (!(error instanceof ApiHttpError))
    return { kind: 'unknown', message: 'Something went wrong. Try again.' };
  const said = error.serverMessage ? ` The server said: ${error.serverMessage}` : '';
  const relay = relayLimitOf(error.details?.rateLimitHeaders ?? []);
  if (relay !== null) return relayRefusal(error, relay);
  switch (error.status) {
    case 401:
      if (!error.withToken)
        return {
          kind: 'invalid-credentials',
          message: error.serverMessage ?? 'The credentials are incorrect.',
        };
      return error.code === 'insufficient_permission'
        ? { kind: 'forbidden', message: 'You do not have permission for this action.' }
        : { kind: 'expired', message: SIGN_OUT_MESSAGES.ended };
    case 403:
      if (error.code === 'account_locked')
        return { kind: 'locked', message: error.serverMessage ?? 'This account is locked.' };
      if (error.code === 'account_inactive')
        return { kind: 'inactive', message: error.serverMessage ?? 'This account is not active.' };
      return { kind: 'forbidden', message: `The server refused this request.${said}` };
    case 429: {
      const retryAt = error.retryAt ?? now() + 60_000;
      return { kind: 'rate-limited', retryAt, message: retryMessage(retryAt) };
    }
    case 400:
    case 413:
    case 415:
      return { kind: 'bad-request', message: `The server rejected the request.${said}` };
    case 404:
      return { kind: 'not-found', message: `Not found.${said}` };
    default:
      return error.status >= 500
        ? { kind: 'server', message: `The server failed (HTTP ${error.status}).${said}` }
        : { kind: 'unknown', message: `Unexpected answer (HTTP ${error.status}).${said}` };
  }
}
