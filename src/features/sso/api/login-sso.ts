import { useEffect, useRef, useState } from 'react';
import { api, signInConnection } from '@/session/client/api';
import { describeFailure, type Failure } from '@/session/errors/describe-failure';
import { issuedTokenFrom, type IssuedToken } from '@/session/sign-in/issued-token';
import { useSignIn } from '@/session/sign-in/use-sign-in';
import type { Connection } from '@/lib/connection';
import { ssoErrorMessage } from '../sso-errors';
import {
  clearSsoAttempts,
  mayRedirectAgain,
  ssoConnection,
  startSsoRedirect,
  takeSsoNext,
} from '@/session/sign-in/sso-redirect';

type SsoTokenResult = { kind: 'token'; issued: IssuedToken } | { kind: 'no-session' };

/**
 * Reads the token from `loginsso` with this browser's SSO session (a same-origin cookie). Without a session the
 * service redirects to the identity provider; that redirect is not followed here, it means "no session".
 */
async function readSsoToken(connection = signInConnection()): Promise<SsoTokenResult> {
  const answer = await api.send({
    method: 'GET',
    path: '/api/auth/loginsso',
    auth: false,
    redirect: 'manual',
    base: connection.baseUrl,
  });
  if (answer.redirected) return { kind: 'no-session' };
  const issued = issuedTokenFrom(answer, connection);
  return issued.token === '' ? { kind: 'no-session' } : { kind: 'token', issued };
}

class SsoLoopError extends Error {}

/**
 * Two round trips to the provider within a minute that came back without a session: said on the SSO page, where
 * single sign-on can be started again (the callback screen sends the person there).
 */
export const SSO_LOOP: Failure = { kind: 'unknown', message: ssoErrorMessage('loop')! };

/**
 * The token of the SSO session; without one, one more round trip to the provider (the page leaves), and none after
 * two fruitless ones within a minute.
 */
async function ssoToken(connection: Connection, next: string): Promise<IssuedToken> {
  const result = await readSsoToken(connection);
  if (result.kind === 'token') return result.issued;
  if (!mayRedirectAgain()) {
    clearSsoAttempts();
    throw new SsoLoopError();
  }
  startSsoRedirect(next, connection);
  // The page is leaving for the identity provider: nothing more happens here.
  return new Promise<never>(() => {});
}

/**
 * Single sign-on's end, once per page load of its callback screen, in the one way every sign-in ends (`useSignIn`):
 * the token read with the SSO session, the session started, and the callback replaced in history with the screen
 * the person was headed to. The screen renders the failure this returns, if any (`SSO_LOOP` for the loop).
 */
export function useFinishSingleSignOn(): Failure | null {
  const { signIn } = useSignIn();
  const started = useRef(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const next = takeSsoNext();
    const connection = ssoConnection();
    signIn(
      {
        method: 'sso',
        to: next,
        call: () => ssoToken(connection, next),
        describe: (error) => (error instanceof SsoLoopError ? SSO_LOOP : describeFailure(error)),
      },
      { onToken: clearSsoAttempts, onFailure: setFailure },
    );
  }, [signIn]);

  return failure;
}
