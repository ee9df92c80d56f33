import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Connection } from '@/lib/connection';
import { ssoPageUrl } from '@/lib/connection-details';

/**
 * SSO on a tenant reached through the relay: its own SSO page, in a new tab, shows the token as text that this
 * origin cannot read; this tab goes on to `pasteStep`, where the person pastes it.
 */
export function RelaySsoLink({ connection, pasteStep }: { connection: Connection; pasteStep: string }) {
  const navigate = useNavigate();
  return (
    <>
      <Button
        variant="outlined"
        size="large"
        fullWidth
        href={ssoPageUrl(connection)}
        target="_blank"
        rel="noopener noreferrer"
        aria-describedby="sso-hint"
        onClick={() => void navigate(pasteStep)}
      >
        Sign in with SSO
      </Button>
      <Typography id="sso-hint" variant="body2" sx={{ mt: 1 }}>
        Opens the SSO page of the connection chosen above in a new tab: copy the token it shows, then paste it
        here.
      </Typography>
    </>
  );
}
