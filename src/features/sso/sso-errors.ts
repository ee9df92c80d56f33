/** What the emulator's `/sso?error=` codes mean, in words. */
const MESSAGES: Record<string, string> = {
  access_denied: 'Single sign-on was cancelled at the identity provider.',
  state_invalid:
    'The single sign-on answer did not match a request from this browser (it may be old or replayed).',
  unknown_user:
    'The identity provider signed you in, but no user of this organization matches that identity.',
  inactive_user: 'Your account is not active.',
  email_unverified:
    'The identity provider has not verified your e-mail address, so it cannot be used to find your account. Verify it there, then try again.',
  ambiguous_user:
    'Your identity matches more than one user of this organization, so you were not signed in as any of them. Ask an administrator to make it unique.',
  provider_error: 'The identity provider reported an error, or could not be reached.',
  id_token_invalid: 'The identity provider answered with an ID token that did not pass its checks.',
  loop: 'Single sign-on came back twice within a minute without signing you in, so it was stopped.',
  no_session: 'The identity provider did not start a session.',
};

export function ssoErrorMessage(code: string | null): string | null {
  if (code === null || code === '') return null;
  return MESSAGES[code] ?? 'Single sign-on failed.';
}
