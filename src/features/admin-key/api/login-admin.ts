import { useState } from 'react';
import { rateMethodOf } from '@/lib/rate-method';
import type { Connection } from '@/lib/connection';
import { api, signInConnection } from '@/session/client/api';
import { describeFailure } from '@/session/errors/describe-failure';
import { issuedTokenFrom, type IssuedToken } from '@/session/sign-in/issued-token';
import type { SignInForm, SignInSteps } from '@/session/sign-in/use-sign-in';

export interface AdminKey {
  beid: string;
  webServicesKey: string;
}

const LOGIN_ADMIN_PATH = '/api/auth/loginadmin';

/** The rate-limit key loginadmin calls are counted under. */
export const LOGIN_ADMIN_RATE_METHOD = rateMethodOf('POST', LOGIN_ADMIN_PATH);

/**
 * `loginadmin` on `connection` with an organization's BEID and WebServicesKey. No session is read or started
 * (`auth: false`); each connection's rate limit is its own (the request path counts per base).
 */
export async function requestAdminToken(
  connection: Connection,
  { beid, webServicesKey }: AdminKey,
  signal?: AbortSignal,
): Promise<IssuedToken> {
  const answer = await api.send({
    method: 'POST',
    path: LOGIN_ADMIN_PATH,
    body: { BEID: beid, WebServicesKey: webServicesKey },
    auth: false,
    base: connection.baseUrl,
    signal,
  });
  return issuedTokenFrom(answer, connection);
}

/** The key on the connection the next sign-in uses; never touches the current session. */
function loginWithAdminKey(key: AdminKey): Promise<IssuedToken> {
  return requestAdminToken(signInConnection(), key);
}

/**
 * Admin-key sign-in's own steps, for `useSignIn`: loginadmin asked with the key, or the token a test of it already
 * brought (`issued`: nothing is asked again).
 */
export function adminKeySignIn(
  key: AdminKey | { beid: string; issued: IssuedToken },
  to: string,
): SignInSteps {
  return {
    method: 'admin-key',
    to,
    beid: key.beid,
    call: () => ('issued' in key ? Promise.resolve(key.issued) : loginWithAdminKey(key)),
    describe: describeFailure,
  };
}

/**
 * A test of a key: loginadmin asked with it, and its token (or a failure in words) handed to the form as a sign-in's
 * would be, but no session started or changed.
 */
export function useKeyTest() {
  const [isPending, setPending] = useState(false);
  function test(key: AdminKey, form: Required<SignInForm>) {
    setPending(true);
    loginWithAdminKey(key).then(
      (issued) => {
        setPending(false);
        form.onToken(issued);
      },
      (error: unknown) => {
        setPending(false);
        form.onFailure(describeFailure(error));
      },
    );
  }
  return { isPending, test };
}
