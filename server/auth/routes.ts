/**
 * The auth room: the emulated Web API's Auth area. It owns signing in (`api/auth`, `login` with a password,
 * `loginadmin` with an organization's key) and `getuser`; the tokens it issues and verifies (tokens.ts), password
 * and admin-key hashing, the lockout after failed attempts, and the bearer check (bearer.ts) the People routes also
 * call. Single sign-on (`loginsso`) is the sso room's.
 */
import type { IncomingMessage } from 'node:http';
import { requiredString } from '../http/body.ts';
import { readFields } from '../http/fields.ts';
import { ApiError } from '../http/errors.ts';
import type { Handler, Reply, Route } from '../http/router.ts';
import { isGuid } from '../../contract/is-guid.ts';
import { rateLimitKey } from '../rate-limit/caller-key.ts';
import type { UserRow } from '../store/rows.ts';
import type { Users } from '../store/users.ts';
import { authenticate } from './bearer.ts';
import type { Credentials, SignInResult } from './credentials.ts';
import { tokenAnswer } from './token-answer.ts';
import type { Tokens } from './tokens.ts';

export interface AuthDeps {
  credentials: Credentials;
  tokens: Tokens;
  users: Users;
}

function tokenReply(req: IncomingMessage, result: SignInResult, deps: AuthDeps): Promise<Reply> {
  if (!result.ok) throw result.error;
  return tokenAnswer(req, result.user, deps);
}

function guidField(body: Map<string, unknown>, name: string): string {
  const value = requiredString(body, name, 64).trim();
  if (!isGuid(value)) {
    throw new ApiError(
      400,
      'bad_request',
      `${name} must be a GUID like 00000000-0000-0000-0000-000000000000.`,
    );
  }
  return value;
}

// Cached user rows keep their record's bytes, so a reused token's getuser encodes nothing.
const encoded = new WeakMap<UserRow, Buffer>();

function recordBytes(row: UserRow): Buffer {
  let bytes = encoded.get(row);
  if (!bytes) {
    bytes = Buffer.from(row.record, 'utf8');
    encoded.set(row, bytes);
  }
  return bytes;
}

export function authRoutes(deps: AuthDeps): Route[] {
  const login: Handler = async ({ req, caller }) => {
    const body = await readFields(req);
    const username = requiredString(body, 'UserName', 256);
    const password = requiredString(body, 'Password', 1024);
    const result = await deps.credentials.signIn(username, password, rateLimitKey(caller));
    return tokenReply(req, result, deps);
  };

  const loginAdmin: Handler = async ({ req }) => {
    const body = await readFields(req);
    const beid = guidField(body, 'BEID');
    const key = guidField(body, 'WebServicesKey');
    return tokenReply(req, deps.credentials.signInAdmin(beid, key), deps);
  };

  const getUser: Handler = async ({ req }) => {
    const principal = await authenticate(req, deps.tokens, deps.users);
    return { status: 200, jsonText: recordBytes(principal.user), headers: { 'Cache-Control': 'no-store' } };
  };

  // Each counted by its operation's limit, which the router gives it.
  const limited = (counter: string, handler: Handler) => ({ handler, rateLimit: counter });
  return [
    { path: '/api/auth', methods: { POST: limited('auth', login) } },
    { path: '/api/auth/login', methods: { POST: limited('auth/login', login) } },
    { path: '/api/auth/loginadmin', methods: { POST: limited('auth/loginadmin', loginAdmin) } },
    { path: '/api/auth/getuser', methods: { GET: limited('auth/getuser', getUser) } },
  ];
}
