import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { decodeToken } from '@/lib/jwt';
import type { IssuedToken } from '@/session/sign-in/issued-token';

/** A successful key test: who the token is for and until when, with an offer to use it. */
export function TestResult({ issued, onUse }: { issued: IssuedToken; onUse: () => void }) {
  const decoded = decodeToken(issued.token);
  const expires = decoded?.expiresAt ? new Date(decoded.expiresAt) : null;
  return (
    <Alert
      severity="success"
      action={
        <Button color="inherit" size="small" onClick={onUse}>
          Use for this session
        </Button>
      }
    >
      <AlertTitle>The key is valid</AlertTitle>
      Token for <strong>{String(decoded?.claims.unique_name ?? 'unknown')}</strong>, issuer{' '}
      <code>{String(decoded?.claims.iss ?? '?')}</code>
      {expires && (
        <>
          , expires {expires.toLocaleString()} ({expires.toUTCString()})
        </>
      )}
      . Your current session is unchanged.
    </Alert>
  );
}
