import Alert from '@mui/material/Alert';
import type { SsoSignOutStatus } from '@/session/stores/sso-sign-out-store';
import type { SignOutReason } from '@/session/stores/session-store';
import { SIGN_OUT_MESSAGES } from '@/session/sign-in/sign-out-messages';

const SSO_SIGN_OUT_MESSAGES: Record<SsoSignOutStatus, string> = {
  none: '',
  ending: ' Ending single sign-on…',
  ended: ' Single sign-on was ended too.',
  failed:
    ' Single sign-on could not be ended, so "Sign in with SSO" may sign this browser in again without asking; close the browser to end it.',
};

/** What the sign-in screen says about the last sign-out, if anything. */
export function SignOutNotice({
  lastSignOut,
  sso,
}: {
  lastSignOut: SignOutReason | null;
  sso: SsoSignOutStatus;
}) {
  if (lastSignOut && lastSignOut !== 'user')
    return (
      <Alert severity="info" sx={{ mb: 2 }}>
        {SIGN_OUT_MESSAGES[lastSignOut]}
      </Alert>
    );
  if (lastSignOut === null && sso === 'none') return null;
  return (
    <Alert severity={sso === 'failed' ? 'warning' : 'info'} sx={{ mb: 2 }}>
      {`${SIGN_OUT_MESSAGES.user}${SSO_SIGN_OUT_MESSAGES[sso]}`}
    </Alert>
  );
}
