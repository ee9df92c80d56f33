import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { StackedForm } from '@/components/stacked-form';
import { TextInput } from '@/components/text-input';
import { useFocusFirstProblem } from '@/components/use-focus-first-problem';
import { now } from '@/lib/clock';
import { sharesOrigin } from '@/lib/connection';
import { ssoPageUrl } from '@/lib/connection-details';
import { decodeToken, type DecodedToken } from '@/lib/jwt';
import { cleanTokenText } from '@/lib/token-text';
import { useConnectionStore } from '@/session/stores/connection-store';
import { ErrorNotice } from '@/components/error-notice';
import type { Failure } from '@/session/errors/describe-failure';
import { useSignIn } from '@/session/sign-in/use-sign-in';
import { pastedTokenSignIn } from '../api/verify-token';
import { WrapPoints } from '@/components/wrap-points';

type Checked = { ok: true; token: string; decoded: DecodedToken } | { ok: false; message: string };

/** Is the pasted text a JWT with a future expiry? (Its signature only the server can check.) */
export function checkPastedToken(text: string): Checked {
  const token = cleanTokenText(text);
  if (token === '') return { ok: false, message: 'Paste the token text from the SSO page.' };
  const decoded = decodeToken(token);
  if (!decoded)
    return { ok: false, message: 'This is not a JWT: it should be three parts separated by dots.' };
  if (decoded.expiresAt === null) return { ok: false, message: 'The token has no valid expiry (exp).' };
  if (decoded.expiresAt <= now()) {
    return { ok: false, message: `The token expired at ${new Date(decoded.expiresAt).toLocaleString()}.` };
  }
  return { ok: true, token, decoded };
}

/**
 * The way tools for real tenants do SSO: open the service's SSO page, copy the token it shows, paste it here.
 * `next` is where to go once signed in.
 */
export function PasteToken({ next }: { next: string }) {
  const connection = useConnectionStore((s) => s.selected);
  // Shown in full, so the person can tell it is their organization's own site before signing in there.
  const pageUrl = new URL(ssoPageUrl(connection), window.location.origin).href;
  const verify = useSignIn();
  const [text, setText] = useState('');
  const [checked, setChecked] = useState<Checked | null>(null);
  const [failure, setFailure] = useState<Pick<Failure, 'message' | 'details'> | null>(null);
  const { formRef, errorRef, focusFirstProblem } = useFocusFirstProblem();

  function check() {
    setFailure(null);
    const result = checkPastedToken(text);
    setChecked(result);
    if (!result.ok) focusFirstProblem();
  }

  function signIn(token: string) {
    setFailure(null);
    verify.signIn(pastedTokenSignIn(token, next), {
      onToken: () => setText(''),
      onFailure: (refused) => {
        setFailure(refused);
        focusFirstProblem();
      },
    });
  }

  return (
    <Box component="section" aria-labelledby="paste-heading" sx={{ mt: 4 }}>
      <Typography id="paste-heading" component="h2" variant="h6" gutterBottom>
        Open the SSO page and paste the token
      </Typography>
      {!sharesOrigin(connection) && (
        <Typography variant="body2">
          The connection chosen above shows its token on its own SSO page, which this console cannot read: you
          copy it from there.
        </Typography>
      )}
      <Box
        component="ol"
        aria-label="Steps"
        sx={{ typography: 'body2', pl: 3, '& li': { mb: 1 }, '& code': { overflowWrap: 'break-word' } }}
      >
        <li>
          <Link href={pageUrl} target="_blank" rel="noopener noreferrer">
            Open the SSO page in a new tab
          </Link>
          : the connection’s own page,{' '}
          <code>
            <WrapPoints text={pageUrl} />
          </code>
          .
        </li>
        <li>
          If it asks you to sign in, sign in as you usually do at your organization; it then brings you back
          to that page.
        </li>
        <li>
          That page shows the token alone, as one long line of text: select all of it (Ctrl+A, or ⌘A on a Mac)
          and copy it.
        </li>
        <li>
          Come back to this tab, paste it into Token below and choose Check token, then Verify with getuser
          and sign in: one getuser call to the connection verifies it, and the console keeps it only if the
          connection accepts it.
        </li>
      </Box>
      <Typography variant="body2" sx={{ mb: 2 }}>
        If that page shows an error, or anything but a line of text, the sign-in did not finish there: close
        that tab and start again, or ask your organization&apos;s TeamDynamix administrator.
      </Typography>
      <StackedForm
        ref={formRef}
        onSubmit={check}
        actions={
          <>
            <Button type="submit" variant="outlined">
              Check token
            </Button>
            {checked?.ok && (
              <Button variant="contained" disabled={verify.isPending} onClick={() => signIn(checked.token)}>
                {verify.isPending ? 'Verifying…' : 'Verify with getuser and sign in'}
              </Button>
            )}
          </>
        }
      >
        <TextInput
          label="Token"
          name="pasted-token"
          autoComplete="off"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setChecked(null);
          }}
          error={checked && !checked.ok ? checked.message : undefined}
          inputProps={{ spellCheck: false, maxLength: 8192 }}
        />
      </StackedForm>
      <Box aria-live="polite" sx={{ mt: 2 }}>
        {checked?.ok && (
          <Alert severity="info" role="status">
            A token for <strong>{String(checked.decoded.claims.unique_name ?? 'unknown')}</strong>, issuer{' '}
            <code>{String(checked.decoded.claims.iss ?? '?')}</code>, expires{' '}
            {new Date(checked.decoded.expiresAt!).toLocaleString()}. It is used only after the server accepts
            it.
          </Alert>
        )}
        {failure && <ErrorNotice ref={errorRef} message={failure.message} details={failure.details} />}
      </Box>
    </Box>
  );
}
