import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import LinearProgress from '@mui/material/LinearProgress';
import { AuthCard } from '@/components/auth-card';
import { SSO_PATH } from '@/lib/routes';
import { ErrorNotice } from '@/components/error-notice';
import { describeFailure, type Failure } from '@/session/errors/describe-error';
import { startSession } from '@/session/sign-in/start-session';
import { readSsoToken } from '../api/login-sso';
import {
  clearSsoAttempts,
  mayRedirectAgain,
  ssoConnection,
  startSsoRedirect,
  takeSsoNext,
} from '../sso-redirect';

/**
 * Where the identity provider's round trip ends: read the token with the SSO session, start the session, and
 * replace this entry in history with the screen the person was headed to. At most one automatic redirect per
 * page load, and none after two fruitless round trips within a minute.
 */
export default function SsoCallbackPage() {
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

  return (
    <AuthCard title="Single sign-on" subtitle="Finishing single sign-on…">
      {failure ? (
        <>
          <ErrorNotice message={failure.message} details={failure.details} />
          <a href={SSO_PATH}>Back to single sign-on</a>
        </>
      ) : (
        <LinearProgress aria-label="Finishing single sign-on" />
      )}
    </AuthCard>
  );
}
