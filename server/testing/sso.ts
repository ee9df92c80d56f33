import type { TestBrowser, Hop } from './browser.ts';

/** The embedded provider's demo identities (server/idp/identities.ts). */
export const IDP = { password: 'Sso-demo-2026', jane: 'jane', nobody: 'nobody', robin: 'robin' } as const;

function unescapeHtml(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&');
}

/** Where the provider's sign-in page posts its credentials, and where its Cancel button posts. */
export function signInForm(page: Hop): { login: string; cancel: string } {
  const action = /<form[^>]*\saction="([^"]+)"/.exec(page.text)?.[1];
  const cancel = /<button[^>]*\sformaction="([^"]+)"[^>]*>Cancel<\/button>/.exec(page.text)?.[1];
  if (!action || !cancel) throw new Error(`no sign-in form on ${page.url} (${page.status}):\n${page.text}`);
  return {
    login: new URL(unescapeHtml(action), page.url).href,
    cancel: new URL(unescapeHtml(cancel), page.url).href,
  };
}

export function loginSsoUrl(api: string, returnTo?: string): string {
  return `${api}/auth/loginsso${returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(returnTo)}`}`;
}

function last(hops: Hop[]): Hop {
  const hop = hops.at(-1);
  if (!hop) throw new Error('no hops');
  return hop;
}

/** Opens loginsso and follows redirects: returns every hop, ending at the provider's page or wherever it stops. */
export function openLoginSso(browser: TestBrowser, api: string, returnTo?: string): Promise<Hop[]> {
  return browser.navigate(loginSsoUrl(api, returnTo));
}

/** Fills in the provider's sign-in form and follows the redirects after it; returns those hops, the post first. */
export async function submitSignIn(
  browser: TestBrowser,
  page: Hop,
  username: string,
  password: string = IDP.password,
) {
  const posted = await browser.post(signInForm(page).login, { username, password });
  return [posted, ...(await browser.follow(posted))];
}

export async function cancelSignIn(browser: TestBrowser, page: Hop) {
  const posted = await browser.post(signInForm(page).cancel, {});
  return [posted, ...(await browser.follow(posted))];
}

/** A whole sign-in through the embedded provider: every hop from loginsso to the last answer. */
export async function ssoSignIn(
  browser: TestBrowser,
  api: string,
  username: string = IDP.jane,
  returnTo?: string,
): Promise<Hop[]> {
  const opened = await openLoginSso(browser, api, returnTo);
  const page = last(opened);
  if (page.status !== 200 || !page.url.includes('/interaction/')) return opened;
  return [...opened, ...(await submitSignIn(browser, page, username))];
}

export { last };

/** Every answer in a browser flow: none may be a 5xx, whatever went wrong. */
export function serverErrors(hops: Hop[]): string[] {
  return hops.filter((hop) => hop.status >= 500).map((hop) => `${hop.status} ${hop.method} ${hop.url}`);
}
