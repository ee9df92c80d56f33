import { sendRequest, type BuiltRequest } from '@/features/requests/public';
import type { PaceAnswer } from '../pacing/pacer';
import { answerFields } from './row-result';
import type { RowAnswer } from './run-job';

/**
 * Sends one row's request through the Requests screen's sending (the console's one request path and its error
 * policy) and tells the run what came: the status, the answer's fields, and the limit as the answer's headers tell
 * it, their reset on the browser's clock (the skew the answer's Date header tells taken off).
 */
export async function sendRow(request: BuiltRequest): Promise<RowAnswer> {
  const outcome = await sendRequest(request);
  if (outcome.kind === 'failed') {
    const { decision } = outcome;
    if (!outcome.sent && decision.kind === 'rate-limited' && decision.retryAt !== undefined)
      return { kind: 'held', retryAt: decision.retryAt };
    return { kind: 'failed', message: decision.message, signedOut: decision.signOut !== null };
  }
  // The runner sends without a signal: a call under way is let finish (pause and cancel act between rows).
  if (outcome.kind === 'cancelled')
    return { kind: 'failed', message: 'Stopped before an answer came.', signedOut: false };
  const { answer, decision } = outcome;
  if (decision?.signOut) return { kind: 'failed', message: decision.message, signedOut: true };
  const pace: PaceAnswer =
    answer.status === 429 && answer.error?.retryAt
      ? { kind: 'refused', retryAt: answer.error.retryAt }
      : answer.rateLimit && answer.resetAt !== null
        ? {
            kind: 'headers',
            limit: answer.rateLimit.limit,
            remaining: answer.rateLimit.remaining,
            resetAt: answer.resetAt,
          }
        : { kind: 'silent' };
  return {
    kind: 'answer',
    status: answer.status,
    ms: answer.ms,
    pace,
    fields: answer.body.type === 'json' ? answerFields(answer.body.data) : {},
    message: decision?.message ?? '',
  };
}
