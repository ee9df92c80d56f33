import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SSO_PATH } from '@/lib/routes';
import { api, signInConnection } from '@/session/client/api';
import { describeFailure, type Failure } from '@/session/errors/describe-failure';
import { issuedTokenFrom, type IssuedToken } from '@/session/sign-in/issued-token';
import { startSession } from '@/session/sign-in/start-session';
import {
  clearSsoAttempts,
  mayRedirectAgain,
  ssoConnection,
  startSsoRedirect,
  takeSsoNext,
} from '../sso-redirect';

type SsoTokenResult = { kind: 'token'; issued: IssuedToken } | { kind: 'no-session' };

/**
 * Reads the token from `loginsso` with this browser's SSO session (a same-origin cookie). Without a session the
 * service redirects to the identity provider; that redirect is not followed here, it means "no session".
 */
async function readSsoToken(connection = signInConnection()): Promise<SsoTokenResult> {
  const response = await api.send({
    method: 'GET',
    path: '/api/auth/loginsso',
    auth: false,
    redirect: 'manual',
    base: connection.baseUrl,
  });
  if (response.redirected) return { kind: 'no-session' };
  const issued = issuedTokenFrom(response, connection);
  return issued.token === '' ? { kind: 'no-session' } : { kind: 'token', issued };
}

/**
 * Single sign-on's end, once per page load of its callback screen: reads the token with the SSO session, starts
 * the session, and replaces the callback in history with the screen the person was headed to. Without an SSO
 * session, one more round trip to the provider, and none after two fruitless ones within a minute. The screen
 * renders the failure this returns, if any.
 */
export function useFinishSingleSignOn(): Pick<Failure, 'message' | 'details'> | null {
  const navigate = useNavigate();
  const started = useRef(false);
  const [failure, setFailure] = useState<Pick<Failure, 'message' | 'details'> | null>(null);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const next = takeSsoNext();
    const connection = ssoConnection();
    readSsoToken(connection).then(
      (result) => {
        if (result.kind === 'token') {
          const session = startSession(result.issued, 'sso');
          clearSsoAttempts();
          if (session.ok) void navigate(next, { replace: true });
          else setFailure({ message: session.message });
        } else if (mayRedirectAgain()) {
          startSsoRedirect(next, connection);
        } else {
          clearSsoAttempts();
          void navigate(`${SSO_PATH}?error=loop`, { replace: true });
        }
      },
      (error: unknown) => setFailure(describeFailure(error)),
    );
  }, [navigate]);

  return failure;
}
