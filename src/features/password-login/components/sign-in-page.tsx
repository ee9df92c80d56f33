/**
 * The password-login feature owns the sign-in page, the first page of the console: password sign-in
 * (`useSignIn` with `api/password-login.ts`, whose request and the session's start come on demand), and the
 * ways from it to the other methods. What the page shows only after it is used comes on demand too
 * (`sign-in-on-demand.tsx`).
 */
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, Navigate, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { AuthCard } from '@/components/auth-card';
import { OrSeparator } from '@/components/or-separator';
import { TextInput } from '@/components/text-input';
import { AGAIN_PARAM, signInPathFor, useReturnPath } from '@/session/sign-in/sign-in-paths';
import { useFocusFirstProblem } from '@/components/use-focus-first-problem';
import { ADMIN_KEY_PATH, DECODE_PATH } from '@/lib/routes';
import { LoadingIndicator } from '@/components/loading-indicator';
import type { Failure } from '@/session/errors/describe-failure';
import { useRateLimitWait } from '@/session/errors/rate-limit-wait';
import { useSessionStore } from '@/session/stores/session-store';
import { useSignInHint } from '@/session/sign-in/sign-in-hint';
import { useSignIn } from '@/session/sign-in/use-sign-in';
import { ConnectionPicker } from '@/components/connection-picker';
import { useSsoSignOutStore } from '@/session/stores/sso-sign-out-store';
import { sharesOrigin } from '@/lib/connection';
import { withRelayLimit } from '@/lib/relay-limit';
import { useConnectionStore } from '@/session/stores/connection-store';
import {
  PASSWORD_ENDPOINTS,
  PASSWORD_RATE_METHODS,
  passwordSignIn,
  passwordRateMethod,
  preloadPasswordSignIn,
  type PasswordEndpoint,
} from '../api/password-login';
import {
  ErrorNoticeOnDemand,
  RateLimitMeterOnDemand,
  RelaySsoLinkOnDemand,
  SignOutNoticeOnDemand,
  startSsoRedirectOnDemand,
} from './sign-in-on-demand';

export function SignInPage() {
  const session = useSessionStore((s) => s.session);
  const lastSignOut = useSessionStore((s) => s.lastSignOut);
  const ssoSignOut = useSsoSignOutStore((s) => s.status);
  const memoryOnly = useSessionStore((s) => s.memoryOnly);
  const connection = useConnectionStore((s) => s.selected);
  const setMemoryOnly = useSessionStore((s) => s.setMemoryOnly);
  const returnTo = useReturnPath();
  const pasteStep = signInPathFor(returnTo, 'sso');
  const [params] = useSearchParams();
  // Signing in again before the session ends: the session stays, and the form opens for the same person.
  const again = params.has(AGAIN_PARAM);
  const hint = useSignInHint('password');
  const login = useSignIn();
  const [username, setUsername] = useState(hint?.username ?? '');
  const resuming = session === null && Boolean(hint?.username);
  const [password, setPassword] = useState('');
  const [endpoint, setEndpoint] = useState<PasswordEndpoint>('/api/auth');
  const [fieldErrors, setFieldErrors] = useState<{ username?: string; password?: string }>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  // From the submit until the next screen can show (or a failure): the form stays, busy, rather than blank.
  const busy = login.isPending;
  const { formRef, errorRef, focusFirstProblem } = useFocusFirstProblem();
  const rateMethod = passwordRateMethod(endpoint);
  // Each endpoint has its own counter: the wait is the chosen one's.
  const wait = useRateLimitWait(connection.baseUrl, rateMethod);

  if (session && !again && !busy) return <Navigate to={returnTo} replace />;
  const sameMethod = failure?.details?.rateMethod === rateMethod ? failure.details : undefined;
  const shown: Failure | null = wait
    ? {
        kind: 'rate-limited',
        message: withRelayLimit(wait.message, sameMethod),
        details: sameMethod,
      }
    : failure?.kind === 'rate-limited'
      ? null
      : failure;

  function submit(event: FormEvent) {
    event.preventDefault();
    const errors = {
      username: username.trim() === '' ? 'Enter your user name.' : undefined,
      password: password === '' ? 'Enter your password.' : undefined,
    };
    setFieldErrors(errors);
    setFailure(null);
    if (errors.username || errors.password) return focusFirstProblem();
    login.signIn(passwordSignIn({ endpoint, username: username.trim(), password }, returnTo), {
      onToken: () => setPassword(''),
      onFailure: (described) => {
        setFailure(described);
        focusFirstProblem();
      },
    });
  }

  return (
    <AuthCard
      title={again ? 'Sign in again' : 'Sign in'}
      subtitle={
        again && session
          ? 'Your current session keeps working until this sign-in succeeds.'
          : 'Sign in to the Web API with your user name and password.'
      }
    >
      {!shown && (lastSignOut !== null || ssoSignOut !== 'none') && (
        <SignOutNoticeOnDemand lastSignOut={lastSignOut} sso={ssoSignOut} />
      )}
      {shown && (
        <ErrorNoticeOnDemand
          ref={errorRef}
          message={shown.message}
          details={shown.details}
          plain={shown.plain}
        />
      )}
      <Box
        ref={formRef}
        component="form"
        noValidate
        onSubmit={submit}
        onPointerDown={preloadPasswordSignIn}
        onKeyDown={preloadPasswordSignIn}
        onInput={preloadPasswordSignIn}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <ConnectionPicker />
        <TextInput
          label="User name"
          name="username"
          autoComplete="username"
          autoFocus={!hint?.username}
          required
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          error={fieldErrors.username}
          inputProps={{ maxLength: 256, spellCheck: false, autoCapitalize: 'none' }}
        />
        <TextInput
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          autoFocus={Boolean(hint?.username)}
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fieldErrors.password}
          // After a session ended, the user name is filled in: what is left to type is the password.
          inputProps={{ maxLength: 1024, 'data-focus-on-arrival': resuming || undefined }}
        />
        <FormControl>
          <FormLabel id="endpoint-label">Endpoint</FormLabel>
          <RadioGroup
            row
            aria-labelledby="endpoint-label"
            name="endpoint"
            value={endpoint}
            onChange={(e) => setEndpoint(e.target.value as PasswordEndpoint)}
          >
            {PASSWORD_ENDPOINTS.map((path) => (
              <FormControlLabel
                key={path}
                value={path}
                control={<Radio />}
                label={<code>POST {path}</code>}
              />
            ))}
          </RadioGroup>
        </FormControl>
        <FormControlLabel
          control={<Checkbox checked={memoryOnly} onChange={(e) => setMemoryOnly(e.target.checked)} />}
          label="Keep the token in memory only (a reload signs you out)"
        />
        <Button type="submit" variant="contained" size="large" disabled={busy || wait !== null}>
          {busy ? 'Signing in…' : wait ? `Sign in (wait ${wait.seconds} s)` : 'Sign in'}
        </Button>
        {busy && <LoadingIndicator label="Signing in" />}
        {again && session && !busy && (
          <Button component={RouterLink} to={returnTo} replace>
            Keep the current session
          </Button>
        )}
      </Box>
      <OrSeparator />
      {sharesOrigin(connection) ? (
        <Button
          variant="outlined"
          size="large"
          fullWidth
          onClick={() => startSsoRedirectOnDemand(returnTo, connection, setFailure)}
        >
          Sign in with SSO
        </Button>
      ) : (
        <RelaySsoLinkOnDemand connection={connection} pasteStep={pasteStep} />
      )}
      <Typography variant="body2" sx={{ mt: 1 }}>
        <Link component={RouterLink} to={pasteStep}>
          Paste a token from the SSO page instead
        </Link>
      </Typography>
      <Typography variant="body2" sx={{ mt: 3 }}>
        Testing an organization&apos;s admin key?{' '}
        <Link component={RouterLink} to={ADMIN_KEY_PATH}>
          Use the BEID and WebServicesKey
        </Link>
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        Have a token already?{' '}
        <Link component={RouterLink} to={DECODE_PATH}>
          Decode a token
        </Link>
      </Typography>
      <RateLimitMeterOnDemand base={connection.baseUrl} methods={PASSWORD_RATE_METHODS} />
    </AuthCard>
  );
}
