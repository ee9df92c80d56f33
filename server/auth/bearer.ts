import type { IncomingMessage } from 'node:http';
import { SERVICE_ACCOUNT_TYPE_ID } from '../../contract/wire.ts';
import { ApiError } from '../http/errors.ts';
import { noteUser } from '../http/request-notes.ts';
import type { UserRow } from '../store/rows.ts';
import { userNameOf, type Users } from '../store/users.ts';
import { TOKEN_EXPIRED, type Tokens } from './tokens.ts';

export interface Principal {
  user: UserRow;
  /** Signed in through `loginadmin`: the organization's admin service account. */
  isAdminAccount: boolean;
}

const BEARER = /^Bearer +([^\s]+) *$/i;

function unauthorized(message: string, error?: 'invalid_token'): ApiError {
  const challenge = error ? `Bearer realm="TDWebApi", error="${error}"` : 'Bearer realm="TDWebApi"';
  return new ApiError(401, 'invalid_token', message, { 'WWW-Authenticate': challenge });
}

/** The 401 a token past its `exp` gets. */
export function tokenExpired(): ApiError {
  return unauthorized(TOKEN_EXPIRED, 'invalid_token');
}

/**
 * The 401 `insufficient_permission` the real service gives (not a 403) when a valid token's user may not do
 * something.
 */
export function insufficientPermission(message: string): ApiError {
  return new ApiError(401, 'insufficient_permission', message, {
    'WWW-Authenticate': 'Bearer realm="TDWebApi", error="insufficient_scope"',
  });
}

/** Who is calling, from the `Authorization: Bearer` header; every failure is a 401 with a Bearer challenge. */
export async function authenticate(req: IncomingMessage, tokens: Tokens, users: Users): Promise<Principal> {
  const header = req.headers.authorization;
  if (header === undefined || header.trim() === '') {
    throw unauthorized('This endpoint needs an Authorization: Bearer <token> header.');
  }
  const match = BEARER.exec(header);
  if (!match) {
    // RFC 6750: a request with no bearer credentials at all gets a challenge without an error code.
    const isBearer = /^Bearer(\s|$)/i.test(header);
    throw unauthorized(
      'The Authorization header must be "Bearer <token>".',
      isBearer ? 'invalid_token' : undefined,
    );
  }
  const check = await tokens.verify(match[1]!);
  if (!check.ok) throw unauthorized(check.reason, 'invalid_token');
  const user = users.findByUsername(check.username);
  // The token is genuine and in date: whatever follows, this is whom the call came from.
  if (user) noteUser(req, () => userNameOf(user));
  if (!user || !user.is_active) {
    throw unauthorized("The token's user does not exist or is no longer active.", 'invalid_token');
  }
  let isAdminAccount = false;
  if (user.type_id === SERVICE_ACCOUNT_TYPE_ID) {
    const org = users.findOrgById(user.org_id);
    isAdminAccount = org?.admin_uid === user.uid;
    if (!org || !org.admin_active) {
      throw unauthorized("The organization's admin service account is no longer active.", 'invalid_token');
    }
  }
  return { user, isAdminAccount };
}
