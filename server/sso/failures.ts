import type { SsoErrorCode } from '../../contract/wire.ts';
import { ApiError } from '../http/errors.ts';

const STATUS: Record<SsoErrorCode, number> = {
  access_denied: 403,
  state_invalid: 400,
  provider_error: 400,
  id_token_invalid: 400,
  unknown_user: 403,
  inactive_user: 403,
  email_unverified: 403,
  ambiguous_user: 403,
};

/** The claim an identity was matched by and the value it had (an e-mail address or a name: never a secret). */
export interface TriedIdentity {
  claim: string;
  value: string;
}

/** A single sign-on that cannot go on; answered as JSON, or as a redirect to the console's SSO screen. */
export class SsoFailure extends Error {
  constructor(
    readonly code: SsoErrorCode,
    message: string,
    /** For unknown_user: what was tried, so the person can see which account the provider signed in. */
    readonly tried: TriedIdentity | null = null,
  ) {
    super(message);
  }

  toApiError(headers: Record<string, string> = {}): ApiError {
    return new ApiError(STATUS[this.code], this.code, this.message, headers);
  }
}

/**
 * Where the console shows a failed sign-in: the code, and for an identity that matched no one the claim and value
 * tried (not secrets; the request log writes paths without their query), never anything else the provider said.
 */
export function consoleErrorPath(failure: SsoFailure): string {
  const params = new URLSearchParams({ error: failure.code });
  if (failure.tried) {
    params.set('claim', failure.tried.claim);
    params.set('value', failure.tried.value);
  }
  return `/sso?${params.toString()}`;
}
