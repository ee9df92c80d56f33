/**
 * The decode feature owns looking into any JWT: decoded in the browser, and checked with one getuser on request,
 * never kept.
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { AuthCard } from '@/components/auth-card';
import { PageHeader } from '@/components/page-header';
import { ErrorNotice } from '@/components/error-notice';
import { TextInput } from '@/components/text-input';
import { useFocusFirstProblem } from '@/components/use-focus-first-problem';
import { decodeToken } from '@/lib/jwt';
import { SIGN_IN_PATH } from '@/lib/routes';
import { cleanTokenText } from '@/lib/token-text';
import type { Failure } from '@/session/errors/describe-failure';
import { useSessionStore } from '@/session/stores/session-store';
import { ConnectionPicker } from '@/components/connection-picker';
import { pastedTokenRefusal, verifyPastedToken } from '@/features/sso/public';
import { ClaimsTable } from '@/features/token/public';
import { TokenVerdict } from './token-verdict';

type Check =
  | { kind: 'checking' }
  | { kind: 'accepted'; userName: string }
  | { kind: 'refused'; failure: Pick<Failure, 'message' | 'details'> };

const TITLE = 'Decode a token';
const SUBTITLE = 'Paste any JWT to see its header, claims and times. It is decoded here and sent nowhere.';

/** Signed in, inside the app frame (its navigation leads back); signed out, a card of its own. */
export default function DecodePage() {
  const signedIn = useSessionStore((s) => s.session !== null);
  if (signedIn)
    return (
      <>
        <PageHeader title={TITLE} subtitle={SUBTITLE} />
        <Box sx={{ maxWidth: 720 }}>
          <Decoder />
        </Box>
      </>
    );
  return (
    <AuthCard title={TITLE} subtitle={SUBTITLE}>
      <Decoder />
      <Typography variant="body2" sx={{ mt: 3 }}>
        <Link component={RouterLink} to={SIGN_IN_PATH}>
          Back to sign-in
        </Link>
      </Typography>
    </AuthCard>
  );
}

/**
 * Any token, decoded in the browser and sent nowhere; on request checked with one getuser against the chosen
 * connection. It lives in this screen's state only: no store, no storage, gone when the screen is left.
 */
function Decoder() {
  const [text, setText] = useState('');
  const [check, setCheck] = useState<Check | null>(null);
  const token = cleanTokenText(text);
  const decoded = token === '' ? null : decodeToken(token);
  const { errorRef, focusFirstProblem } = useFocusFirstProblem();

  async function checkWithServer() {
    setCheck({ kind: 'checking' });
    try {
      await verifyPastedToken(token);
      setCheck({ kind: 'accepted', userName: String(decoded?.claims.unique_name ?? 'this token') });
    } catch (error) {
      // The pasted token's answer, not the session's: it goes through no error policy, and signs no one out.
      setCheck({ kind: 'refused', failure: pastedTokenRefusal(error) });
      focusFirstProblem();
    }
  }

  return (
    <>
      <TextInput
        label="Token"
        name="decode-token"
        autoFocus
        autoComplete="off"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setCheck(null);
        }}
        error={
          token !== '' && !decoded
            ? 'This is not a JWT: it should be three parts separated by dots.'
            : undefined
        }
        inputProps={{ spellCheck: false, maxLength: 8192 }}
      />
      {decoded && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: 2 }}>
          <TokenVerdict token={decoded} />
          <Typography component="h2" variant="h6">
            Header
          </Typography>
          <ClaimsTable caption="Token header" values={decoded.header} />
          <Typography component="h2" variant="h6">
            Claims
          </Typography>
          <ClaimsTable caption="Token claims" values={decoded.claims} />
          <Typography component="h2" variant="h6">
            Check with the server
          </Typography>
          <Typography variant="body2">
            Only the server can tell whether the signature is genuine: one getuser with this token, without
            signing in.
          </Typography>
          <ConnectionPicker />
          <Button
            variant="outlined"
            disabled={check?.kind === 'checking'}
            onClick={() => void checkWithServer()}
          >
            {check?.kind === 'checking' ? 'Checking…' : 'Check with getuser'}
          </Button>
          <Box aria-live="polite">
            {check?.kind === 'accepted' && (
              <Alert severity="success" role="status">
                The server accepted the token: getuser answered for {check.userName}.
              </Alert>
            )}
            {check?.kind === 'refused' && (
              <ErrorNotice ref={errorRef} message={check.failure.message} details={check.failure.details} />
            )}
          </Box>
        </Box>
      )}
    </>
  );
}
