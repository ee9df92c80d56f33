import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectApiError } from '../testing/api-error.ts';
import { echoTenants, startEchoUpstream, type EchoUpstream } from '../testing/echo-upstream.ts';
import { send } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-server.ts';

let upstream: EchoUpstream;
let front: TestServer;
/** Each test signs in as callers of its own, so the relay's per-caller sign-in limit never gets in the way. */
let callerNumber = 0;

beforeAll(async () => {
  upstream = await startEchoUpstream();
  front = await startTestServer({
    config: {
      trustedProxies: ['loopback'],
      relayTenants: echoTenants(upstream),
    },
  });
});
afterAll(async () => {
  await front.stop(true);
  await upstream.stop();
});
beforeEach(() => {
  upstream.requests.length = 0;
});

function relayed(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  callerNumber++;
  return send(front.origin, {
    path,
    method: options.method,
    body: options.body,
    headers: { 'X-Forwarded-For': `198.51.100.${callerNumber}`, ...options.headers },
  });
}

const SIGN_IN = '{"username":"jdoe@example.edu","password":"p"}';

describe('a request another site made the browser send', () => {
  it.each(['cross-site', 'same-site', 'CROSS-SITE', 'something-new', 'same-origin, cross-site'])(
    'Sec-Fetch-Site: %s is a 403 cross_site_request and reaches no tenant',
    async (site) => {
      const requests: { method?: string; path: string; headers: Record<string, string>; body?: string }[] = [
        {
          method: 'POST',
          path: '/relay/echo/api/auth/login',
          headers: { 'Content-Type': 'application/json' },
          body: SIGN_IN,
        },
        { path: '/relay/echo/api/auth/getuser', headers: { Authorization: 'Bearer t' } },
        { path: '/relay/echo/api/auth/loginsso', headers: {} },
      ];
      for (const request of requests) {
        const res = await relayed(request.path, {
          ...request,
          headers: { ...request.headers, 'Sec-Fetch-Site': site },
        });
        const body = expectApiError(res, 403, 'cross_site_request');
        expect(body.message).toMatch(/another site/);
        expect(res.headers['cache-control']).toBe('no-store');
      }
      expect(upstream.requests).toHaveLength(0);
    },
  );

  it.each([['same-origin'], ['none'], [undefined]])('Sec-Fetch-Site: %s passes', async (site) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (site !== undefined) headers['Sec-Fetch-Site'] = site;
    const res = await relayed('/relay/echo/api/auth/login', { method: 'POST', headers, body: SIGN_IN });
    expect(res.status).toBe(200);
    expect(upstream.requests).toHaveLength(1);
  });

  it('the relay list stays readable from anywhere: it holds nothing but the public connection names', async () => {
    const res = await relayed('/relay', { headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(res.status).toBe(200);
  });
});

describe('a sign-in that a form could send', () => {
  const SIGN_IN_PATHS = [
    '/relay/echo/api/auth',
    '/relay/echo/api/auth/',
    '/relay/echo/api/auth/login',
    '/relay/echo/api/auth/login/',
    '/relay/echo/api/auth/loginadmin',
    '/relay/echo/API/Auth/LoginAdmin/',
    '/relay/echo/Api/AUTH',
    '/relay/echo/api/auth/%6C%6Fgin',
    '/relay/echo/api/auth/login%20',
    '/relay/echo/api/auth/login.',
    '/relay/echo/api/auth/login;jsessionid=1',
    '/relay/echo/api/auth/login?x=1',
    '/relay/root/TDWebApi/api/auth/login',
    '/relay/root/SBTDWebApi/api/auth/loginadmin',
  ];
  const FORM_TYPES = [
    'application/x-www-form-urlencoded',
    'application/x-www-form-urlencoded; charset=utf-8',
    'multipart/form-data; boundary=xyz',
    'text/plain',
    'text/plain; charset=utf-8',
    'application/jsonx',
    'application/json-patch+json',
    undefined,
  ];

  it.each(SIGN_IN_PATHS)('POST %s in any form type is a 415 and never sent', async (path) => {
    for (const type of FORM_TYPES) {
      const headers: Record<string, string> = {};
      if (type !== undefined) headers['Content-Type'] = type;
      const res = await relayed(path, { method: 'POST', headers, body: 'username=a&password=b' });
      const body = expectApiError(res, 415, 'unsupported_media_type');
      expect(body.message).toMatch(/JSON/);
      expect(body.message).toMatch(/form/);
    }
    // A bearer token does not make a form sign-in acceptable: sign-ins are JSON, whoever sends them.
    const withToken = await relayed(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: 'Bearer t' },
      body: 'username=a&password=b',
    });
    expectApiError(withToken, 415, 'unsupported_media_type');
    expect(upstream.requests).toHaveLength(0);
  });

  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'text/json',
    'Application/JSON ; charset=UTF-8',
  ])('a sign-in sent as %s reaches the tenant', async (type) => {
    for (const path of [
      '/relay/echo/api/auth',
      '/relay/echo/api/auth/login',
      '/relay/echo/api/auth/loginadmin',
    ]) {
      const res = await relayed(path, { method: 'POST', headers: { 'Content-Type': type }, body: SIGN_IN });
      expect(res.status).toBe(200);
    }
    expect(upstream.requests).toHaveLength(3);
  });

  it('any other POST without a bearer token must be JSON too, so that no form passes the relay at all', async () => {
    const form = await relayed('/relay/echo/api/people/search', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'a=b',
    });
    expectApiError(form, 415, 'unsupported_media_type');
    expect(upstream.requests).toHaveLength(0);

    // With a token (a header no form can set) any type passes: file uploads are multipart.
    const upload = await relayed('/relay/echo/api/42/tickets/7/attachments', {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=xyz', Authorization: 'Bearer t' },
      body: '--xyz--',
    });
    expect(upload.status).toBe(200);
    const json = await relayed('/relay/echo/api/people/search', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(200);
    expect(upstream.requests).toHaveLength(2);
  });

  it('GET of the sign-in paths and of loginsso passes as before', async () => {
    expect((await relayed('/relay/echo/api/auth/loginsso')).status).toBe(200);
    expect((await relayed('/relay/echo/api/auth/login')).status).toBe(200);
    expect(upstream.requests).toHaveLength(2);
  });
});
