import { describe, expect, it } from 'vitest';
import { expectApiError } from '../testing/api-error.ts';
import { TestBrowser, type Hop } from '../testing/browser.ts';
import { IDP, last, openLoginSso, serverErrors } from '../testing/sso.ts';
import { useTestServer } from '../testing/use-test-server.ts';
import { SESSION_COOKIE } from './cookie-names.ts';

/** Signs in at the provider but stops before the callback: answers the callback URL the provider sent. */
async function callbackUrl(browser: TestBrowser, api: string, returnTo?: string): Promise<string> {
  const page = last(await openLoginSso(browser, api, returnTo));
  let hop: Hop = await browser.post(new URL(/action="([^"]+)"/.exec(page.text)![1]!, page.url).href, {
    username: IDP.jane,
    password: IDP.password,
  });
  while (!hop.headers.location!.includes('/loginsso/callback?')) {
    hop = await browser.get(new URL(hop.headers.location!, hop.url).href);
  }
  return hop.headers.location!;
}

function withState(url: string, state: string | null): string {
  const changed = new URL(url);
  if (state === null) changed.searchParams.delete('state');
  else changed.searchParams.set('state', state);
  return changed.href;
}

describe('the callback checks state', () => {
  const server = useTestServer();

  it('the untouched callback signs in (the control for the cases below)', async () => {
    const browser = new TestBrowser();
    const hops = await browser.navigate(await callbackUrl(browser, server.api));
    expect(last(hops).status).toBe(200);
  });

  it('missing: 400 state_invalid', async () => {
    const browser = new TestBrowser();
    const url = withState(await callbackUrl(browser, server.api), null);
    const body = expectApiError(await browser.get(url), 400, 'state_invalid');
    expect(body.message).toMatch(/without its state/);
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it('tampered: 400 state_invalid', async () => {
    const browser = new TestBrowser();
    const url = await callbackUrl(browser, server.api);
    const state = new URL(url).searchParams.get('state')!;
    const tampered = `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`;
    const body = expectApiError(await browser.get(withState(url, tampered)), 400, 'state_invalid');
    expect(body.message).toMatch(/did not send/);
  });

  it('mismatched (started by another browser): 400 state_invalid, and the other browser can still finish', async () => {
    const victim = new TestBrowser();
    const url = await callbackUrl(victim, server.api);
    const attacker = new TestBrowser();
    await openLoginSso(attacker, server.api);
    const body = expectApiError(await attacker.get(url), 400, 'state_invalid');
    expect(body.message).toMatch(/different browser/);
    const noCookie = await fetch(url, { redirect: 'manual' });
    expect(noCookie.status).toBe(400);
    expect(last(await victim.navigate(url)).status).toBe(200);
  });

  it('replayed: the second use of a callback URL is 400 state_invalid', async () => {
    const browser = new TestBrowser();
    const url = await callbackUrl(browser, server.api);
    expect(last(await browser.navigate(url)).status).toBe(200);
    const body = expectApiError(await browser.get(url), 400, 'state_invalid');
    expect(body.message).toMatch(/already used/);
  });

  it('older than 10 minutes by the server clock: 400 state_invalid, and used up', async () => {
    const browser = new TestBrowser();
    const url = await callbackUrl(browser, server.api);
    server.clock.advance(10 * 60_000 + 1000);
    const body = expectApiError(await browser.get(url), 400, 'state_invalid');
    expect(body.message).toMatch(/10 minutes/);
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
    expectApiError(await browser.get(url), 400, 'state_invalid');
  });

  it('just under 10 minutes is still fine', async () => {
    const browser = new TestBrowser();
    const url = await callbackUrl(browser, server.api);
    server.clock.advance(10 * 60_000 - 1000);
    expect(last(await browser.navigate(url)).status).toBe(200);
  });

  it('with returnTo, each state failure lands on the console at /sso?error=state_invalid', async () => {
    const cases: [string, (url: string) => string, () => void][] = [
      ['missing', (url) => withState(url, null), () => {}],
      ['tampered', (url) => withState(url, 'x'.repeat(43)), () => {}],
      ['expired', (url) => url, () => server.clock.advance(11 * 60_000)],
    ];
    for (const [name, change, before] of cases) {
      const browser = new TestBrowser();
      const url = await callbackUrl(browser, server.api, '/profile');
      before();
      const answer = await browser.get(change(url));
      expect(answer.status, name).toBe(302);
      expect(answer.headers.location, name).toBe('/sso?error=state_invalid');
    }
    const browser = new TestBrowser();
    const url = await callbackUrl(browser, server.api, '/profile');
    expect((await browser.get(url)).headers.location).toBe('/profile');
    const replay = await browser.get(url);
    expect(replay.headers.location).toBe('/sso?error=state_invalid');
  });

  it('cancel with returnTo lands on /sso?error=access_denied; nothing on the way is a 5xx', async () => {
    const browser = new TestBrowser();
    const page = last(await openLoginSso(browser, server.api, '/profile'));
    const cancel = new URL(/formaction="([^"]+)"/.exec(page.text)![1]!, page.url).href;
    const posted = await browser.post(cancel, {});
    const hops = [posted, ...(await browser.follow(posted))];
    expect(serverErrors(hops)).toEqual([]);
    expect(hops.find((hop) => hop.url.includes('/loginsso/callback?'))?.headers.location).toBe(
      '/sso?error=access_denied',
    );
  });

  it('a callback with junk parameters is a clear 4xx, never a 5xx', async () => {
    const junk = [
      '',
      '?state=',
      '?code=abc',
      '?state=abc&code=def',
      '?state=%ZZ',
      '?error=access_denied',
      `?state=${'a'.repeat(5000)}`,
      '?state=a&state=b',
    ];
    for (const query of junk) {
      const res = await fetch(`${server.api}/auth/loginsso/callback${query}`, { redirect: 'manual' });
      expect(res.status, query).toBeGreaterThanOrEqual(400);
      expect(res.status, query).toBeLessThan(500);
    }
  });
});
