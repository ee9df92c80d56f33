import LinearProgress from '@mui/material/LinearProgress';
import { AuthCard } from '@/components/auth-card';
import { ErrorNotice } from '@/components/error-notice';
import { SSO_PATH } from '@/lib/routes';
import { useFinishSingleSignOn } from '../api/login-sso';

/**
 * Where the identity provider's round trip ends: finishing single sign-on (`useFinishSingleSignOn`) takes it on to
 * the screen the person was headed to; this screen shows the progress, or why it failed.
 */
export default function SsoCallbackPage() {
  const failure = useFinishSingleSignOn();
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
