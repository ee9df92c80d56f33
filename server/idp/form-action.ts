/**
 * A Content Security Policy whose form-action also allows `target`'s origin: CSP's form-action covers the
 * redirects after a form is submitted, and a provider's forms end at a client's redirect URI, which may be on
 * another origin. Anything that is not an absolute URL with an origin leaves the policy as it is.
 */
export function widenFormAction(csp: string, target: unknown): string {
  if (typeof target !== 'string') return csp;
  let origin: string;
  try {
    origin = new URL(target).origin;
  } catch {
    return csp;
  }
  return origin === 'null' ? csp : csp.replace("form-action 'self'", `form-action 'self' ${origin}`);
}
