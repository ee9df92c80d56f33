import { useSearchParams } from 'react-router';
import { safeReturnPath } from '@/lib/return-path';

export const DEFAULT_PATH = '/profile';

/** Where to go after signing in: the `returnTo` parameter when it is a safe same-origin path. */
export function useReturnPath(): string {
  const [params] = useSearchParams();
  return safeReturnPath(params.get('returnTo')) ?? DEFAULT_PATH;
}

export function signInPathFor(returnTo: string): string {
  return `/sign-in?returnTo=${encodeURIComponent(returnTo)}`;
}
