import type { RawAnswer } from '@/lib/api-client';
import { maskBody } from '@/lib/mask-body';
import { authCallOf } from '@contract/web-api/auth-calls';
import type { BuiltRequest } from '../form/request-form';

/** The longest answer History keeps, in characters: one larger is listed with its status, its body not kept. */
const ANSWER_KEPT_MAX = 1_000_000;

/** What History keeps of an answer: its body as text with secrets masked, or why it was not kept. */
export type KeptAnswer = { kept: true; text: string; masked: boolean } | { kept: false; why: string };

/**
 * An answer as History may keep it: never a sign-in's (its body is a token), every value whose name says secret
 * masked (the one rule, as for requests), and none larger than `ANSWER_KEPT_MAX`.
 */
export function keptAnswer(request: BuiltRequest, answer: RawAnswer): KeptAnswer {
  if (authCallOf(request.method, request.path, 'strict').signIn)
    return { kept: false, why: 'A sign-in’s answer is a token: it is never kept.' };
  if (answer.text.length > ANSWER_KEPT_MAX)
    return {
      kept: false,
      why: `The answer was too large to keep (over ${ANSWER_KEPT_MAX.toLocaleString('en-US')} characters).`,
    };
  const { text, masked } = maskBody(answer.text);
  return { kept: true, text, masked };
}
