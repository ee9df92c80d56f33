import { useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useCountdown } from '@/session/lifecycle/countdown';
import { useSessionStore } from '@/session/stores/session-store';
import { signInAgainPathFor } from '@/session/sign-in/sign-in-paths';

/**
 * In the token's last five minutes: say so, and offer to sign in again before it runs out, the way the session was
 * made. The session keeps working until the new sign-in succeeds; going back returns to this screen.
 */
export function SessionWarning() {
  const countdown = useCountdown();
  const method = useSessionStore((s) => s.session?.method);
  const navigate = useNavigate();
  const location = useLocation();
  if (!countdown?.warning || countdown.expired || !method) return null;
  const againPath = signInAgainPathFor(`${location.pathname}${location.search}`, method);
  return (
    <Alert
      severity="warning"
      role="status"
      sx={{ mb: 3 }}
      action={
        <Button color="inherit" size="small" onClick={() => void navigate(againPath)}>
          Sign in again
        </Button>
      }
    >
      Your session ends in {countdown.text}. Sign in again to keep working.
    </Alert>
  );
}
