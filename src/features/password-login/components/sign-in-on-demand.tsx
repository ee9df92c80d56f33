import { Suspense, use, type ComponentProps } from 'react';
import type { ErrorNotice } from '@/components/error-notice';
import { loadOnce } from '@/lib/load-once';
import type { Failure } from '@/session/describe-error';
import type { SignOutNotice } from './sign-out-notice';

// What the sign-in page shows only after a failure or a sign-out (the wording of failures, MUI's Alert) stays off
// the first page: it is fetched once the form is first used, so a failure still shows at once.
const loadWording = loadOnce(() => import('@/session/describe-error'));
const loadErrorNotice = loadOnce(() => import('@/components/error-notice'));
const loadSignOutNotice = loadOnce(() => import('./sign-out-notice'));

const ignore = () => {};

/** Called on the first key, pointer or input in the form. */
export function preloadFailureParts() {
  loadWording().catch(ignore);
  loadErrorNotice().catch(ignore);
}

/** describeFailure, and the notice that shows it, fetched now if the form's use has not brought them yet. */
export async function describeFailureOnDemand(error: unknown): Promise<Failure> {
  try {
    const [{ describeFailure }] = await Promise.all([loadWording(), loadErrorNotice()]);
    return describeFailure(error);
  } catch {
    return { kind: 'unknown', message: 'Something went wrong. Try again.' };
  }
}

function LoadedErrorNotice(props: ComponentProps<typeof ErrorNotice>) {
  const { ErrorNotice } = use(loadErrorNotice());
  return <ErrorNotice {...props} />;
}

function LoadedSignOutNotice(props: ComponentProps<typeof SignOutNotice>) {
  const { SignOutNotice } = use(loadSignOutNotice());
  return <SignOutNotice {...props} />;
}

export function ErrorNoticeOnDemand(props: ComponentProps<typeof ErrorNotice>) {
  return (
    <Suspense fallback={null}>
      <LoadedErrorNotice {...props} />
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
