import LinearProgress from '@mui/material/LinearProgress';
import { Navigate } from 'react-router';
import { AuthCard } from '@/components/auth-card';
import { ErrorNotice } from '@/components/error-notice';
import { SSO_PATH } from '@/lib/routes';
import { SSO_LOOP, useFinishSingleSignOn } from '../api/login-sso';

/**
 * Where the identity provider's round trip ends: finishing single sign-on (`useFinishSingleSignOn`) takes it on to
 * the screen the person was headed to; this screen shows the progress, or why it failed (a loop on the SSO page,
 * where it can be started again).
 */
export default function SsoCallbackPage() {
  const failure = useFinishSingleSignOn();
  if (failure === SSO_LOOP) return <Navigate to={`${SSO_PATH}?error=loop`} replace />;
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
