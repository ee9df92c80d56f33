import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../store/db.ts';
import { importRealm } from '../realm/realm.ts';
import { expectApiError } from '../testing/api-error.ts';
import { TestBrowser } from '../testing/browser.ts';
import { useFakeProvider } from '../testing/fake-oidc.ts';
import { decodeJwt } from '../testing/jwt.ts';
import { last, loginSsoUrl, serverErrors } from '../testing/sso.ts';
import { DEMO, type TestServer } from '../testing/start-server.ts';
import { SESSION_COOKIE } from './cookie-names.ts';

const CHEAP = { log2N: 10, r: 8, p: 1 };

/** A second organization whose users have names outside ASCII. */
const UNICODE_ORG = {
  organizations: [
    {
      Name: 'Unicode College',
      BEID: '2b3c4d5e-6f70-4182-93a4-b5c6d7e8f901',
      BEIDInt: 3001,
      AdminAccount: {
        WebServicesKey: '4d5e6f70-8192-4a3b-8c4d-5e6f70819203',
        Active: true,
        UserName: 'api-admin@unicode.example',
      },
      Users: [{ UserName: 'elodie', PrimaryEmail: 'ÉLODIE@example.org', FirstName: 'Élodie' }],
    },
  ],
};

async function signIn(server: TestServer, returnTo?: string) {
  const browser = new TestBrowser();
  const hops = await browser.navigate(loginSsoUrl(server.api, returnTo));
  expect(serverErrors(hops)).toEqual([]);
  return { browser, page: last(hops), hops };
}

describe('which user an SSO identity signs in as', () => {
  const { fake, server } = useFakeProvider();
  let db: Db;
  beforeAll(async () => {
    db = openDb(server.dataDir);
    await importRealm(db, UNICODE_ORG, CHEAP);
  });
  afterAll(() => db.close());

  it.each([
    ['missing', { email: DEMO.jdoe }],
    ['false', { email: DEMO.jdoe, email_verified: false }],
    ['the string "true"', { email: DEMO.jdoe, email_verified: 'true' }],
  ])('an e-mail claim whose email_verified is %s: 403 email_unverified, no session', async (_, claims) => {
    fake.claims = { sub: 'someone', ...claims };
    const { browser, page } = await signIn(server);
    expectApiError(page, 403, 'email_unverified');
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it('reads email_verified from userinfo when the e-mail comes from there', async () => {
    fake.claims = { sub: 'someone' };
    fake.userinfo = { email: DEMO.jdoe, email_verified: false };
    expectApiError((await signIn(server)).page, 403, 'email_unverified');
    fake.userinfo = { email: DEMO.jdoe, email_verified: true };
    expect(decodeJwt((await signIn(server)).page.text).claims.unique_name).toBe(DEMO.jdoe);
    fake.userinfo = {};
  });

  it('with returnTo, an unverified e-mail lands on /sso?error=email_unverified', async () => {
    fake.claims = { sub: 'someone', email: DEMO.jdoe };
    const { page } = await signIn(server, '/profile');
    expect(page.url).toBe(`${server.origin}/sso?error=email_unverified`);
  });

  it('folds both sides with one rule: a stored ÉLODIE@example.org matches the claim élodie@example.org', async () => {
    fake.claims = { sub: 'elodie', email: 'élodie@EXAMPLE.org', email_verified: true };
    const { page } = await signIn(server);
    expect(page.status, page.text).toBe(200);
    expect(decodeJwt(page.text).claims.unique_name).toBe('elodie');
  });

  it('matches full-width and compatibility forms of a name the same way as the name', async () => {
    fake.claims = { sub: 'jane', email: 'ＪＤＯＥ@example.edu', email_verified: true };
    expect(decodeJwt((await signIn(server)).page.text).claims.unique_name).toBe(DEMO.jdoe);
  });

  it("an identity that is one user's UserName and another's PrimaryEmail (across organizations): 403 ambiguous_user", async () => {
    // A database from before collisions were refused: another organization's user has jdoe's name as its e-mail.
    db.prepare(
      `UPDATE users SET record = json_set(record, '$.PrimaryEmail', 'JDoe@Example.edu'),
         email_fold = identity_fold('JDoe@Example.edu')
       WHERE username_key = 'elodie'`,
    ).run();
    try {
      fake.claims = { sub: 'jane', email: DEMO.jdoe, email_verified: true };
      const { browser, page } = await signIn(server);
      const body = expectApiError(page, 403, 'ambiguous_user');
      expect(body.message).toContain(DEMO.jdoe);
      expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
      expect((await signIn(server, '/profile')).page.url).toBe(`${server.origin}/sso?error=ambiguous_user`);
    } finally {
      db.prepare(
        `UPDATE users SET record = json_set(record, '$.PrimaryEmail', 'ÉLODIE@example.org'),
           email_fold = identity_fold('ÉLODIE@example.org')
         WHERE username_key = 'elodie'`,
      ).run();
    }
  });
});

describe('SSO_ALLOW_UNVERIFIED_EMAIL', () => {
  const { fake, server } = useFakeProvider({ ssoAllowUnverifiedEmail: true });

  it('lets a provider that never sends email_verified sign in (unsafe, on purpose)', async () => {
    fake.claims = { sub: 'jane', email: DEMO.jdoe };
    const { page } = await signIn(server);
    expect(page.status).toBe(200);
    expect(decodeJwt(page.text).claims.unique_name).toBe(DEMO.jdoe);
  });
});

describe('another claim than email', () => {
  const { fake, server } = useFakeProvider({ ssoClaim: 'upn' });

  it('is not held to email_verified, which speaks of the e-mail only', async () => {
    fake.claims = { sub: 'jane', upn: DEMO.jdoe, email_verified: false };
    expect(decodeJwt((await signIn(server)).page.text).claims.unique_name).toBe(DEMO.jdoe);
  });
});
