import { lazy, Suspense, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { StackedForm } from '@/components/stacked-form';
import { TextInput } from '@/components/text-input';
import { useFocusFirstProblem } from '@/components/use-focus-first-problem';
import { ClearIcon, VisibilityIcon, VisibilityOffIcon } from '@/components/icons';
import { useReturnPath } from '@/session/sign-in/sign-in-paths';
import { checkGuid } from '@/lib/guid';
import { withRelayLimit } from '@/lib/relay-limit';
import { ErrorNotice } from '@/components/error-notice';
import { LoadingIndicator } from '@/components/loading-indicator';
import { useConnections } from '@/session/connections/list-connections';
import type { Failure } from '@/session/errors/describe-failure';
import { useConnectionStore } from '@/session/stores/connection-store';
import { useRateLimitWait } from '@/session/errors/rate-limit-wait';
import type { IssuedToken } from '@/session/sign-in/issued-token';
import { useSignInHint } from '@/session/sign-in/sign-in-hint';
import { useSessionStore } from '@/session/stores/session-store';
import { useSignIn } from '@/session/sign-in/use-sign-in';
import { adminKeySignIn, LOGIN_ADMIN_RATE_METHOD, useKeyTest, type AdminKey } from '../api/login-admin';
import { useKeyTestEverywhere } from '../key-test/test-key-everywhere';
import { TestResult } from './test-result';

// Its table (and MUI's) is loaded only once a key is tested everywhere.
const KeyTestTable = lazy(() => import('./key-test-table'));

/** A GUID is typed or pasted by hand: never spell-checked, with room for braces and spaces around it. */
const GUID_INPUT = {
  required: true,
  autoComplete: 'off',
  inputProps: { spellCheck: false, maxLength: 80 },
} as const;

type Outcome = { kind: 'valid'; issued: IssuedToken; beid: string } | { kind: 'failed'; failure: Failure };

/**
 * BEID + WebServicesKey: test them without touching the session, or sign in with them. Both stay in the form for the
 * next test: the key in this form's memory alone (never stored, never in the address), masked again as each
 * attempt starts, until it is cleared here, the screen is left, or a sign-in with it succeeds.
 */
export function AdminKeyForm() {
  const returnTo = useReturnPath();
  const keyTest = useKeyTest();
  const keySignIn = useSignIn();
  const checking = keyTest.isPending || keySignIn.isPending;
  // Signing in again as the admin-key session's organization: its BEID is known, its key never kept.
  const hint = useSignInHint('admin-key');
  const [beid, setBeid] = useState(hint?.beid ?? '');
  const signedOut = useSessionStore((state) => state.session === null);
  const resuming = signedOut && Boolean(hint?.beid);
  const [key, setKey] = useState('');
  const [reveal, setReveal] = useState(false);
  const keyInput = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<{ beid?: string; key?: string }>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const selected = useConnectionStore((s) => s.selected);
  const wait = useRateLimitWait(selected.baseUrl, LOGIN_ADMIN_RATE_METHOD);
  const { formRef, errorRef, focusFirstProblem } = useFocusFirstProblem();
  const busy = checking || wait !== null;
  const connections = useConnections().data;
  const everywhere = useKeyTestEverywhere();
  const failure =
    outcome?.kind !== 'failed'
      ? null
      : wait
        ? { message: withRelayLimit(wait.message, outcome.failure.details), details: outcome.failure.details }
        : outcome.failure.kind === 'rate-limited'
          ? null
          : outcome.failure;

  /** The checked BEID and key, or null with the fields' errors shown. */
  function checkedKey(): AdminKey | null {
    const beidCheck = checkGuid(beid, 'BEID');
    const keyCheck = checkGuid(key, 'WebServicesKey');
    setErrors({
      beid: beidCheck.ok ? undefined : beidCheck.message,
      key: keyCheck.ok ? undefined : keyCheck.message,
    });
    setOutcome(null);
    // A key shown to check it is not left on screen once it is used.
    setReveal(false);
    if (!beidCheck.ok || !keyCheck.ok) {
      focusFirstProblem();
      return null;
    }
    return { beid: beidCheck.value, webServicesKey: keyCheck.value };
  }

  function testEverywhere() {
    const checked = checkedKey();
    if (!checked || !connections) return;
    everywhere.run(connections, selected, checked);
  }

  function clearKey() {
    setKey('');
    setReveal(false);
    keyInput.current?.focus();
  }

  function report(failure: Failure) {
    setOutcome({ kind: 'failed', failure });
    focusFirstProblem();
  }

  function run(action: 'test' | 'sign-in') {
    const checked = checkedKey();
    if (!checked) return;
    if (action === 'sign-in')
      // The session starts and the screen is left: the key has done its work.
      keySignIn.signIn(adminKeySignIn(checked, returnTo), { onFailure: report, onToken: () => setKey('') });
    else
      keyTest.test(checked, {
        onFailure: report,
        onToken: (issued) => setOutcome({ kind: 'valid', issued, beid: checked.beid }),
      });
  }

  return (
    <>
      <StackedForm
        ref={formRef}
        onSubmit={() => run('test')}
        actions={
          <>
            <Button type="submit" variant="outlined" disabled={busy}>
              {wait ? `Test credentials (wait ${wait.seconds} s)` : 'Test credentials'}
            </Button>
            <Button variant="contained" disabled={busy} onClick={() => run('sign-in')}>
              {wait ? `Sign in with key (wait ${wait.seconds} s)` : 'Sign in with key'}
            </Button>
            {/* Not held back by this connection's wait: each connection has its own, and its row tells it. */}
            <Button
              variant="outlined"
              disabled={!connections || checking || everywhere.running}
              onClick={testEverywhere}
            >
              Test on every connection
            </Button>
          </>
        }
      >
        <TextInput
          label="BEID"
          name="beid"
          {...GUID_INPUT}
          autoFocus={!hint?.beid}
          value={beid}
          onChange={(e) => setBeid(e.target.value)}
          error={errors.beid}
          hint="The organization’s BEID, e.g. 00000000-0000-0000-0000-000000000000"
        />
        <TextInput
          label="WebServicesKey"
          name="web-services-key"
          {...GUID_INPUT}
          type={reveal ? 'text' : 'password'}
          autoFocus={Boolean(hint?.beid)}
          // After a session ended, the BEID is filled in: what is left to type is the key.
          inputProps={{ ...GUID_INPUT.inputProps, 'data-focus-on-arrival': resuming || undefined }}
          value={key}
          inputRef={keyInput}
          onChange={(e) => setKey(e.target.value)}
          error={errors.key}
          hint="From the organization detail page of the administration application; kept in this form, masked, until you clear it or leave this screen"
          endAdornment={
            <InputAdornment position="end">
              {key !== '' && (
                <IconButton aria-label="Clear the key" onClick={clearKey}>
                  <ClearIcon />
                </IconButton>
              )}
              <IconButton
                aria-label={reveal ? 'Hide the key' : 'Show the key'}
                aria-pressed={reveal}
                onClick={() => setReveal((r) => !r)}
                edge="end"
              >
                {reveal ? <VisibilityOffIcon /> : <VisibilityIcon />}
              </IconButton>
            </InputAdornment>
          }
        />
      </StackedForm>
      <Box aria-live="polite" sx={{ mt: 3 }}>
        {checking && (
          <Alert severity="info" role="status">
            Checking the key…
          </Alert>
        )}
        {failure && <ErrorNotice ref={errorRef} message={failure.message} details={failure.details} />}
        {outcome?.kind === 'valid' && (
          <TestResult
            issued={outcome.issued}
            onUse={() =>
              keySignIn.signIn(adminKeySignIn({ beid: outcome.beid, issued: outcome.issued }, returnTo), {
                onFailure: report,
              })
            }
          />
        )}
      </Box>
      {everywhere.rows && (
        <Suspense fallback={<LoadingIndicator label="Loading the results" />}>
          <KeyTestTable rows={everywhere.rows} />
        </Suspense>
      )}
    </>
  );
}
