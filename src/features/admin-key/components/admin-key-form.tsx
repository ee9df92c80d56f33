import { useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { TextInput } from '@/components/text-input';
import { useFocusFirstProblem } from '@/components/use-focus-first-problem';
import { VisibilityIcon, VisibilityOffIcon } from '@/components/icons';
import { preloadScreen } from '@/app/screen-code';
import { useReturnPath } from '@/app/use-return-path';
import { checkGuid } from '@/lib/guid';
import { ErrorNotice } from '@/components/error-notice';
import { describeFailure, type Failure } from '@/session/describe-error';
import { useRateLimitWait } from '@/session/rate-limit-wait';
import type { IssuedToken } from '@/session/issued-token';
import { startSession } from '@/session/start-session';
import { useAdminLoginMutation } from '../api/login-admin';
import { TestResult } from './test-result';

type Outcome = { kind: 'valid'; issued: IssuedToken } | { kind: 'failed'; failure: Failure };

/** BEID + WebServicesKey: test them without touching the session, or sign in with them. */
export function AdminKeyForm() {
  const navigate = useNavigate();
  const returnTo = useReturnPath();
  const mutation = useAdminLoginMutation();
  const [beid, setBeid] = useState('');
  const [key, setKey] = useState('');
  const [reveal, setReveal] = useState(false);
  const [errors, setErrors] = useState<{ beid?: string; key?: string }>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const wait = useRateLimitWait('POST auth/loginadmin');
  const { formRef, errorRef, focusFirstProblem } = useFocusFirstProblem();
  const busy = mutation.isPending || wait !== null;
  const failure =
    outcome?.kind !== 'failed'
      ? null
      : wait
        ? { message: wait.message, details: outcome.failure.details }
        : outcome.failure.kind === 'rate-limited'
          ? null
          : outcome.failure;

  function run(action: 'test' | 'sign-in') {
    const beidCheck = checkGuid(beid, 'BEID');
    const keyCheck = checkGuid(key, 'WebServicesKey');
    setErrors({
      beid: beidCheck.ok ? undefined : beidCheck.message,
      key: keyCheck.ok ? undefined : keyCheck.message,
    });
    setOutcome(null);
    if (!beidCheck.ok || !keyCheck.ok) return focusFirstProblem();
    // The next screen's code comes while the key is checked, so no empty loading state shows in between.
    const nextScreen = action === 'sign-in' ? preloadScreen(returnTo) : null;
    mutation.mutate(
      { beid: beidCheck.value, webServicesKey: keyCheck.value },
      {
        onSuccess: (issued) => {
          setKey('');
          setBeid('');
          if (nextScreen) void nextScreen.then(() => adopt(issued));
          else setOutcome({ kind: 'valid', issued });
        },
        onError: (error) => {
          setKey('');
          setOutcome({ kind: 'failed', failure: describeFailure(error) });
          focusFirstProblem();
        },
      },
    );
  }

  function adopt(issued: IssuedToken) {
    const result = startSession(issued, 'admin-key');
    setOutcome(null);
    if (result.ok) {
      void navigate(returnTo, { replace: true });
      return;
    }
    setOutcome({ kind: 'failed', failure: { kind: 'unknown', message: result.message } });
    focusFirstProblem();
  }

  return (
    <>
      <Box
        ref={formRef}
        component="form"
        noValidate
        autoComplete="off"
        onSubmit={(e) => {
          e.preventDefault();
          run('test');
        }}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <TextInput
          label="BEID"
          name="beid"
          autoFocus
          required
          autoComplete="off"
          value={beid}
          onChange={(e) => setBeid(e.target.value)}
          error={errors.beid}
          hint="The organization’s BEID, e.g. 00000000-0000-0000-0000-000000000000"
          inputProps={{ spellCheck: false, maxLength: 80 }}
        />
        <TextInput
          label="WebServicesKey"
          name="web-services-key"
          type={reveal ? 'text' : 'password'}
          required
          autoComplete="off"
          value={key}
          onChange={(e) => setKey(e.target.value)}
          error={errors.key}
          hint="From the organization detail page of the administration application"
          inputProps={{ spellCheck: false, maxLength: 80 }}
          endAdornment={
            <InputAdornment position="end">
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
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Button type="submit" variant="outlined" disabled={busy}>
            {wait ? `Test credentials (wait ${wait.seconds} s)` : 'Test credentials'}
          </Button>
          <Button variant="contained" disabled={busy} onClick={() => run('sign-in')}>
            {wait ? `Sign in with key (wait ${wait.seconds} s)` : 'Sign in with key'}
          </Button>
        </Box>
      </Box>
      <Box aria-live="polite" sx={{ mt: 3 }}>
        {mutation.isPending && <Alert severity="info">Checking the key…</Alert>}
        {failure && <ErrorNotice ref={errorRef} message={failure.message} details={failure.details} />}
        {outcome?.kind === 'valid' && (
          <TestResult
            issued={outcome.issued}
            onUse={() => void preloadScreen(returnTo).then(() => adopt(outcome.issued))}
          />
        )}
      </Box>
    </>
  );
}
