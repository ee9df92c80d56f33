import { Suspense, use, type ComponentProps } from 'react';
import Box from '@mui/material/Box';
import type { ErrorNotice } from '@/components/error-notice';
import type { RateLimitMeter } from '@/components/rate-limit-meter';
import type { Connection } from '@/lib/connection';
import { loadOnce } from '@/lib/load-once';
import type { Failure } from '@/session/errors/describe-failure';
import { useRateLimitStore } from '@/session/stores/rate-limit-store';
import type { RelaySsoLink } from './relay-sso-link';
import type { SignOutNotice } from './sign-out-notice';

// What the sign-in page shows only after an answer or a sign-out (the wording of failures, MUI's Alert, the
// rate-limit meter) stays off the first page: it is fetched once the form is first used, so it still shows at once.
const loadWording = loadOnce(() => import('@/session/errors/describe-failure'));
const loadErrorNotice = loadOnce(() => import('@/components/error-notice'));
const loadMeter = loadOnce(() => import('@/components/rate-limit-meter'));
const loadSignOutNotice = loadOnce(() => import('./sign-out-notice'));
// Only a connection through the relay needs it, and such a connection is known only once the list has arrived.
const loadRelaySsoLink = loadOnce(() => import('./relay-sso-link'));

const ignore = () => {};

/** Called on the first key, pointer or input in the form: the submit's code, and the wording of its failures. */
export function preloadFormParts(...submitCode: (() => Promise<unknown>)[]) {
  for (const load of [...submitCode, loadWording, loadErrorNotice, loadMeter]) load().catch(ignore);
}

/** describeFailure, and the notice that shows it, fetched now if the form's use has not brought them yet. */
export async function describeFailureOnDemand(error: unknown): Promise<Failure> {
  try {
    const [{ describeFailure }] = await Promise.all([loadWording(), loadErrorNotice()]);
    return describeFailure(error);
  } catch {
    // The wording itself could not be fetched: the server is down, or a new build replaced this one.
    return {
      kind: 'unreachable',
      message: `The console could not fetch its code from ${window.location.origin}. Check that the server is running, then try again.`,
      plain: true,
    };
  }
}

/** The SSO redirect's code, fetched by the click that needs it: a full-page trip follows anyway. */
export function startSsoRedirectOnDemand(
  next: string,
  connection: Connection,
  onFailure: (failure: Failure) => void,
) {
  import('@/session/sign-in/sso-redirect').then(
    ({ startSsoRedirect }) => startSsoRedirect(next, connection),
    (error: unknown) => void describeFailureOnDemand(error).then(onFailure),
  );
}

function LoadedErrorNotice(props: ComponentProps<typeof ErrorNotice>) {
  const { ErrorNotice } = use(loadErrorNotice());
  return <ErrorNotice {...props} />;
}

function LoadedSignOutNotice(props: ComponentProps<typeof SignOutNotice>) {
  const { SignOutNotice } = use(loadSignOutNotice());
  return <SignOutNotice {...props} />;
}

function LoadedMeter(props: ComponentProps<typeof RateLimitMeter>) {
  const { RateLimitMeter } = use(loadMeter());
  return <RateLimitMeter {...props} />;
}

/** The notice of a failure; a `plain` one (its code could not be fetched) is the sentence alone, as an alert. */
export function ErrorNoticeOnDemand({
  plain,
  ref,
  ...props
}: ComponentProps<typeof ErrorNotice> & { plain?: true }) {
  if (plain)
    return (
      <Box role="alert" tabIndex={-1} ref={ref} sx={{ mb: 2, color: 'error.main' }}>
        {props.message}
      </Box>
    );
  return (
    <Suspense fallback={null}>
      <LoadedErrorNotice ref={ref} {...props} />
    </Suspense>
  );
}

export function SignOutNoticeOnDemand(props: ComponentProps<typeof SignOutNotice>) {
  return (
    <Suspense fallback={null}>
      <LoadedSignOutNotice {...props} />
    </Suspense>
  );
}

/** Only once one of `methods` has answered with rate-limit headers is the meter's code needed. */
export function RateLimitMeterOnDemand({ base, methods }: ComponentProps<typeof RateLimitMeter>) {
  const answered = useRateLimitStore((s) => methods.some((method) => method in (s.seen[base] ?? {})));
  if (!answered) return null;
  return (
    <Suspense fallback={null}>
      <LoadedMeter base={base} methods={methods} />
    </Suspense>
  );
}

function LoadedRelaySsoLink(props: ComponentProps<typeof RelaySsoLink>) {
  const { RelaySsoLink } = use(loadRelaySsoLink());
  return <RelaySsoLink {...props} />;
}

export function RelaySsoLinkOnDemand(props: ComponentProps<typeof RelaySsoLink>) {
  return (
    <Suspense fallback={null}>
      <LoadedRelaySsoLink {...props} />
    </Suspense>
  );
}
