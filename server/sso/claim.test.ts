import { describe, expect, it } from 'vitest';
import { expectApiError } from '../testing/api-error.ts';
import { TestBrowser } from '../testing/browser.ts';
import { useFakeProvider } from '../testing/fake-oidc.ts';
import { decodeJwt } from '../testing/jwt.ts';
import { last, loginSsoUrl } from '../testing/sso.ts';
import { DEMO } from '../testing/start-server.ts';

describe('SSO_CLAIM: which claim names the realm user', () => {
  const { fake, server } = useFakeProvider({ ssoClaim: 'upn' });

  const signIn = async () => last(await new TestBrowser().navigate(loginSsoUrl(server.api)));

  it('matches the configured claim from the ID token against UserName, ignoring case', async () => {
    fake.claims = { sub: 'someone', email: DEMO.jdoe, upn: 'ASmith@Example.EDU' };
    const page = await signIn();
    expect(page.status).toBe(200);
    expect(decodeJwt(page.text).claims.unique_name).toBe(DEMO.asmith);
  });

  it('reads it from userinfo when the ID token does not carry it', async () => {
    fake.claims = { sub: 'someone', email: DEMO.jdoe };
    fake.userinfo = { upn: DEMO.asmith };
    const page = await signIn();
    expect(page.status).toBe(200);
    expect(decodeJwt(page.text).claims.unique_name).toBe(DEMO.asmith);
  });

  it('refuses an identity without the claim as unknown_user, naming the claim', async () => {
    fake.claims = { sub: 'someone', email: DEMO.jdoe };
    fake.userinfo = {};
    const body = expectApiError(await signIn(), 403, 'unknown_user');
    expect(body.message).toContain('"upn"');
  });

  it('never maps to an admin service account, whose power comes with its key only', async () => {
    fake.claims = { sub: 'someone', upn: 'api-admin@example.edu' };
    expectApiError(await signIn(), 403, 'unknown_user');
  });
});
