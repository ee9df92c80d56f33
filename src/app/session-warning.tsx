import { useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useCountdown } from '@/session/countdown';
import { useSessionStore } from '@/session/session-store';
import { signInPathFor } from './use-return-path';

/** In the token's last five minutes: say so, and offer to sign in again before it runs out. */
export function SessionWarning() {
  const countdown = useCountdown();
  const navigate = useNavigate();
  const location = useLocation();
  if (!countdown?.warning || countdown.expired) return null;
  function signInAgain() {
    const back = `${location.pathname}${location.search}`;
    useSessionStore.getState().signOut('user');
    void navigate(signInPathFor(back), { replace: true });
  }
  return (
    <Alert
      severity="warning"
      role="status"
      sx={{ mb: 3 }}
      action={
        <Button color="inherit" size="small" onClick={signInAgain}>
          Sign in again
        </Button>
      }
    >
      Your session ends in {countdown.text}. Sign in again to keep working.
    </Alert>
  );
}
