/** What stands in for a secret in anything kept or copied. */
export const MASKED_SECRET = '<redacted>';

/** Names whose values never leave the console in a copy or the history: the password and the admin key. */
export function isSecretName(name: string): boolean {
  return /^(password|webserviceskey)$/i.test(name.trim());
}

/** Whether text that is not JSON may still hold a secret (it names one). */
export function mentionsSecretName(text: string): boolean {
  return /password|webserviceskey/i.test(text);
}
