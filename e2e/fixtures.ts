import { appendFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
import type { Session } from '@/session/session';
import { EMULATOR, type Connection } from '../src/lib/connection';
import { sessionFromToken } from '../src/session/sign-in/session-from-token';
import { cookieFile } from './servers';
import { settleAnimations } from './settle-animations';

export { expect };

export interface Account {
  username: string;
  password: string;
}

export const PASSWORD = 'Tdx-demo-2026';
/** TDPeople, TDTickets and TDAssets. */
export const JDOE: Account = { username: 'jdoe@example.edu', password: PASSWORD };
/** TDTickets only. */
export const ASMITH: Account = { username: 'asmith@example.edu', password: PASSWORD };
/** Inactive: the right password gets 403 account_inactive. */
export const RETIRED: Account = { username: 'retired@example.edu', password: PASSWORD };

export const EXAMPLE_UNIVERSITY = {
  beid: '5d4e3f2a-1b0c-4d9e-8f7a-6b5c4d3e2f10',
  key: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
  adminUsername: 'api-admin@example.edu',
};
/** Its admin service account is inactive. */
export const CLOSED_COLLEGE = {
  beid: '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0',
  key: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
};

/**
 * The sessionStorage key of the console's session store (src/session/stores/session-store.ts). Not imported: that
 * module builds the browser store when loaded. The sign-in spec checks the console really writes this key.
 */
export const SESSION_STORAGE_KEY = 'auth-console.session';

export interface SignedIn {
  token: string;
  username: string;
}

export interface RecordedRequest {
  url: string;
  method: string;
  authorization: string | undefined;
}

/**
 * Signs in through the API from the page (POST /api/auth/login, as the console's own client would) and puts the
 * session where the console keeps it: this tab's sessionStorage, in zustand's persist format. The session is
 * built by the console's own `sessionFromToken`, from the answer's Date header and the page's clock when it
 * arrived, so it works under page.clock too. Leaves the page on /healthz; navigate to the screen under test next.
 * On this server's production path unless another of its connections is given (`EMULATOR_SANDBOX`).
 */
export async function signInViaApi(
  page: Page,
  account: Account = JDOE,
  connection: Connection = EMULATOR,
): Promise<SignedIn> {
  await page.goto('/healthz');
  const answer = await page.evaluate(
    async ({ account, base }) => {
      const response = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/plain' },
        body: JSON.stringify({ username: account.username, password: account.password }),
      });
      const receivedAt = Date.now();
      if (!response.ok) throw new Error(`Signing in ${account.username} failed: HTTP ${response.status}`);
      return { token: (await response.text()).trim(), date: response.headers.get('Date'), receivedAt };
    },
    { account, base: connection.baseUrl },
  );
  const serverDate = Date.parse(answer.date ?? '');
  const made = sessionFromToken(
    answer.token,
    'password',
    Number.isNaN(serverDate) ? null : serverDate,
    connection,
    answer.receivedAt,
  );
  if (!made.ok) throw new Error(`Signing in ${account.username}: ${made.message}`);
  await page.evaluate(
    ({ key, session }) =>
      sessionStorage.setItem(key, JSON.stringify({ state: { memoryOnly: false, session }, version: 0 })),
    { key: SESSION_STORAGE_KEY, session: made.session },
  );
  return { token: made.session.token, username: made.session.username };
}

/**
 * A number of this run's own (repeats and retries included), from `first` up, so that a test can send from a caller
 * address (and use names) no earlier run against the same server has used: neither the rate limit nor the account
 * lockout then remembers it. Tests that share a server and an address range take distinct `first`s.
 */
export function runNumber(testInfo: TestInfo, first: number): number {
  return testInfo.repeatEachIndex * 10 + testInfo.retry + first;
}

/**
 * Sends the page's requests from a caller address of this run's own (see `runNumber`) through X-Forwarded-For,
 * which the server with the tiny limit trusts; answers the address, for requests made outside the page.
 */
export async function callFromOwnAddress(page: Page, testInfo: TestInfo, first: number): Promise<string> {
  const address = `198.51.100.${runNumber(testInfo, first)}`;
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': address });
  return address;
}

/** Signs in through the sign-in form (only the sign-in specs should need this). */
export async function signInWithForm(page: Page, account: Account = JDOE) {
  await page.getByLabel('User name').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The session the console keeps in this tab's sessionStorage, or null. */
export async function storedSession(page: Page): Promise<Session | null> {
  const raw = await page.evaluate((key) => sessionStorage.getItem(key), SESSION_STORAGE_KEY);
  if (raw === null) return null;
  return (JSON.parse(raw) as { state?: { session?: Session | null } }).state?.session ?? null;
}

/**
 * The session this tab holds; fails the test when the sign-in before left none. Polled, not read once: one read
 * made as the landing screen showed found none once (requests.spec.ts, right after an admin-key sign-in).
 */
export async function requireSession(page: Page): Promise<Session> {
  let session: Session | null = null;
  await expect
    .poll(async () => (session = await storedSession(page)), {
      message: 'The sign-in left no session behind.',
    })
    .not.toBeNull();
  return session!;
}

/** When the session's token expires on the page's clock: the server's expiry shifted by the clock difference. */
export const expiresOnPage = (session: Session): number => session.expiresAt - session.clockOffsetMs;

/** Installs the page's clock (its time moves as the test says), signs in through the API; answers the session. */
export async function signInUnderClock(page: Page, account: Account = JDOE): Promise<Session> {
  await page.clock.install();
  await signInViaApi(page, account);
  return requireSession(page);
}

/** Signs in as Example University's administrator through the admin-key form, then back to `returnTo` if given. */
export async function signInWithKey(page: Page, returnTo?: string) {
  await page.goto(
    returnTo === undefined ? '/admin-key' : `/admin-key?returnTo=${encodeURIComponent(returnTo)}`,
  );
  await page.getByLabel('BEID').fill(EXAMPLE_UNIVERSITY.beid);
  await page.getByLabel('WebServicesKey').fill(EXAMPLE_UNIVERSITY.key);
  await page.getByRole('button', { name: 'Sign in with key' }).click();
}

/** Everything the page keeps where the token or key must never be: both storages and the cookies. */
export async function storedText(page: Page): Promise<{ local: string; session: string; cookies: string }> {
  const { local, session } = await page.evaluate(() => ({
    local: JSON.stringify({ ...localStorage }),
    session: JSON.stringify({ ...sessionStorage }),
  }));
  const cookies = JSON.stringify(await page.context().cookies());
  return { local, session, cookies };
}

/** The serious and critical axe violations on the page as it is now, as readable lines. */
export async function seriousViolations(page: Page, { alsoRules = [] as string[] } = {}): Promise<string[]> {
  // Colours are judged as painted (the profile's Refresh fades from its disabled grey as the record arrives).
  await settleAnimations(page);
  // `alsoRules`: rules axe leaves off by default (its experimental ones), run here too.
  const rules = Object.fromEntries(alsoRules.map((rule) => [rule, { enabled: true }]));
  const results = await new AxeBuilder({ page }).options({ rules }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
}

export const test = base.extend<{
  /** Who `signedIn` signs in as; override with test.use({ account: ASMITH }). */
  account: Account;
  /** The page's tab holds a session (signed in through the API); the page is not yet on a console screen. */
  signedIn: SignedIn;
  /** The page, once its tab holds a session (`signedIn`), for a test that needs the session but not its token. */
  signedInPage: Page;
  /** Every request the page sends, in order, with its Authorization header. */
  requests: RecordedRequest[];
  /** Fails the test on any uncaught error in any page of the test's context. */
  pageErrors: void;
  /** Notes every cookie value the browser was given, for the server-output leak check. */
  cookieValues: void;
}>({
  account: [JDOE, { option: true }],
  signedIn: async ({ page, account }, use) => {
    await use(await signInViaApi(page, account));
  },
  signedInPage: async ({ page, signedIn: _signedIn }, use) => {
    await use(page);
  },
  requests: async ({ page }, use) => {
    const requests: RecordedRequest[] = [];
    page.on('request', (request) => {
      requests.push({
        url: request.url(),
        method: request.method(),
        authorization: request.headers().authorization,
      });
    });
    await use(requests);
  },
  pageErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      context.on('weberror', (error) => errors.push(error.error().message));
      await use();
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
  cookieValues: [
    async ({ context }, use, testInfo) => {
      const values = new Set<string>();
      const reading: Promise<void>[] = [];
      context.on('response', (response) => {
        reading.push(
          response.headersArray().then(
            (headers) => {
              for (const { name, value } of headers) {
                if (name.toLowerCase() !== 'set-cookie') continue;
                for (const line of value.split('\n'))
                  values.add(line.split(';')[0]!.split('=').slice(1).join('='));
              }
            },
            () => undefined,
          ),
        );
      });
      await use();
      await Promise.all(reading);
      for (const cookie of await context.cookies()) values.add(cookie.value);
      // Short values (flags, counters) would match by chance; secrets are long.
      const secrets = [...values].filter((value) => value.length >= 16);
      if (secrets.length > 0) appendFileSync(cookieFile(testInfo.workerIndex), `${secrets.join('\n')}\n`);
    },
    { auto: true },
  ],
});
