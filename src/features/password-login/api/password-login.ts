import { loadOnce } from '@/lib/load-once';
import { rateMethodOf } from '@/lib/rate-method';
import { loadStartSession, type SignInSteps } from '@/session/sign-in/use-sign-in';
import { describeFailureOnDemand, preloadFormParts } from '../components/sign-in-on-demand';

// The password endpoints and a sign-in with them. This file is on the first page: the request itself
// (`password-sign-in.ts`) and what only a failure needs are fetched once the form is used.

/** The two documented password endpoints; they behave the same. */
export const PASSWORD_ENDPOINTS = ['/api/auth', '/api/auth/login'] as const;
export type PasswordEndpoint = (typeof PASSWORD_ENDPOINTS)[number];

/** The rate-limit key an endpoint's logins are counted under (each has its own). */
export const passwordRateMethod = (endpoint: PasswordEndpoint) => rateMethodOf('POST', endpoint);
export const PASSWORD_RATE_METHODS = PASSWORD_ENDPOINTS.map(passwordRateMethod);

export interface PasswordLogin {
  endpoint: PasswordEndpoint;
  username: string;
  password: string;
}

/** The login request: loaded by the form's first use, or by the submit at the latest. */
const loadPasswordLogin = loadOnce(() => import('./password-sign-in'));

/**
 * Password sign-in's own steps, for `useSignIn`: the login request and the wording of its failures, both fetched on
 * demand (the sign-in form is the first page, which carries neither).
 */
export function passwordSignIn(login: PasswordLogin, to: string): SignInSteps {
  return {
    method: 'password',
    to,
    call: () => loadPasswordLogin().then(({ loginWithPassword }) => loginWithPassword(login)),
    describe: describeFailureOnDemand,
  };
}

/** What a submit needs, fetched on the form's first use: the login request, the start of a session, the wording. */
export const preloadPasswordSignIn = () => preloadFormParts(loadPasswordLogin, loadStartSession);
