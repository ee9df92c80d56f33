/**
 * The sso feature owns single sign-on: the round trip through the identity provider and its end
 * (`sso-redirect.ts`, `api/login-sso.ts`), the token pasted from an SSO page (`api/verify-token.ts`), and ending
 * single sign-on after a sign-out (`end-single-sign-on.ts`, `sso-sign-out-store.ts`).
 */
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { AuthCard } from '@/components/auth-card';
import { PasswordSignInLink } from '@/components/password-sign-in-link';
import { useReturnPath } from '@/session/sign-in/sign-in-paths';
import { ConnectionPicker } from '@/components/connection-picker';
import { sharesOrigin } from '@/lib/connection';
import { useConnectionStore } from '@/session/stores/connection-store';
import { useSessionStore } from '@/session/stores/session-store';
import { SIGN_OUT_MESSAGES } from '@/session/sign-in/sign-out-messages';
import { ssoErrorMessage } from '../sso-errors';
import { pendingSsoNext, startSsoRedirect } from '@/session/sign-in/sso-redirect';
import { PasteToken } from './paste-token';

/** Single sign-on: the redirect flow through the identity provider, or pasting a token from the SSO page. */
export default function SsoPage() {
  const [params] = useSearchParams();
  const returnTo = useReturnPath();
  const connection = useConnectionStore((s) => s.selected);
  const ended = useSessionStore((s) => (s.endedSession ? s.lastSignOut : null));
  const error = ssoErrorMessage(params.get('error'));
  const claim = params.get('claim');
  const value = params.get('value');
  const tried = params.get('error') === 'unknown_user' && claim && value !== null ? { claim, value } : null;
  // The service reports a failure as /sso?error=… alone; the path the attempt was headed for is in this tab.
  const next = error && !params.has('returnTo') ? (pendingSsoNext() ?? returnTo) : returnTo;
  return (
    <AuthCard title="Single sign-on" subtitle="Sign in through your organization's identity provider.">
      {ended && !error && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {SIGN_OUT_MESSAGES[ended]}
        </Alert>
      )}
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
          {tried && (
            <>
              {' '}
              It tried <code>{tried.claim}</code> = <code>{tried.value}</code>.
            </>
          )}
        </Alert>
      )}
      {tried && sharesOrigin(connection) && (
        <Button
          variant="outlined"
          size="large"
          fullWidth
          sx={{ mb: 2 }}
          onClick={() => startSsoRedirect(next, connection, true)}
        >
          Sign in as someone else
        </Button>
      )}
      <ConnectionPicker />
      {/* A tenant through the relay: its SSO page shows the token where this origin cannot read it (the steps). */}
      {sharesOrigin(connection) && (
        <Button
          variant="contained"
          size="large"
          fullWidth
          sx={{ mt: 2 }}
          onClick={() => startSsoRedirect(next, connection)}
        >
          {error ? 'Try single sign-on again' : 'Sign in with SSO'}
        </Button>
      )}
      <PasteToken next={next} />
      <PasswordSignInLink />
    </AuthCard>
  );
}
