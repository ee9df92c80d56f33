import type { SsoErrorCode } from '../../src/lib/wire.ts';
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

/** A single sign-on that cannot go on; answered as JSON, or as a redirect to the console's SSO screen. */
export class SsoFailure extends Error {
  constructor(
    readonly code: SsoErrorCode,
    message: string,
  ) {
    super(message);
  }

  toApiError(headers: Record<string, string> = {}): ApiError {
    return new ApiError(STATUS[this.code], this.code, this.message, headers);
  }
}

/** Where the console shows a failed sign-in: the code only, never anything the provider said. */
export function consoleErrorPath(code: SsoErrorCode): string {
  return `/sso?error=${code}`;
}
