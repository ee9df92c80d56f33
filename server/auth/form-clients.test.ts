import { describe, expect, it } from 'vitest';
import { expectApiError } from '../testing/api-error.ts';
import { decodeJwt } from '../testing/jwt.ts';
import { pythonGet, pythonPostForm } from '../testing/python-client.ts';
import { DEMO } from '../testing/start-server.ts';
import { useTestServer } from '../testing/use-test-server.ts';

/**
 * Scripts against real tenants post dictionaries form-encoded; the real service answers them with a token. A test
 * waits for up to two Python processes, each given 30 s by python-client.ts: the default 5 s ran out on the first
 * (Python's cold start) when the machine was busy.
 */
describe('sign-in from a Python script posting a dict', { timeout: 30_000 }, () => {
  const server = useTestServer();

  const asApiError = (reply: { status: number; contentType: string; body: string }) => ({
    status: reply.status,
    headers: { 'content-type': reply.contentType },
    text: reply.body,
  });

  it.each([
    ['/auth', { username: DEMO.jdoe, password: DEMO.password }],
    ['/auth/login', { UserName: DEMO.jdoe, Password: DEMO.password }],
    ['/auth/login', { USERNAME: 'JDoe@Example.EDU', password: DEMO.password }],
  ])('%s with %j answers the token, which getuser then accepts', async (path, params) => {
    const reply = await pythonPostForm(`${server.api}${path}`, params);
    expect(reply.sentType).toBe('application/x-www-form-urlencoded');
    expect(reply.status, reply.body).toBe(200);
    expect(reply.contentType).toBe('text/plain; charset=utf-8');
    expect(decodeJwt(reply.body).claims.unique_name).toBe(DEMO.jdoe);
    const user = await pythonGet(`${server.api}/auth/getuser`, reply.body);
    expect(user.status).toBe(200);
    expect((JSON.parse(user.body) as { UserName: string }).UserName).toBe(DEMO.jdoe);
  });

  it('/auth/loginadmin with BEID and WebServicesKey answers the admin service account’s token', async () => {
    const reply = await pythonPostForm(`${server.api}/auth/loginadmin`, {
      BEID: DEMO.exampleBeid,
      WebServicesKey: DEMO.exampleKey,
    });
    expect(reply.status, reply.body).toBe(200);
    expect(decodeJwt(reply.body).claims.unique_name).toBe('api-admin@example.edu');
  });

  it('a wrong password, a missing field and duplicate names get the same errors as JSON', async () => {
    const wrong = await pythonPostForm(`${server.api}/auth/login`, { username: DEMO.jdoe, password: 'nope' });
    expectApiError(asApiError(wrong), 401, 'invalid_credentials');
    const missing = await pythonPostForm(`${server.api}/auth/login`, { username: DEMO.jdoe });
    expectApiError(asApiError(missing), 400, 'bad_request');
    expect(JSON.parse(missing.body)).toMatchObject({ message: 'Password is required.' });
    const twice = await pythonPostForm(`${server.api}/auth/login`, {
      username: DEMO.jdoe,
      UserName: DEMO.jdoe,
      password: DEMO.password,
    });
    expectApiError(asApiError(twice), 400, 'bad_request');
    const notGuid = await pythonPostForm(`${server.api}/auth/loginadmin`, {
      BEID: 'x',
      WebServicesKey: DEMO.exampleKey,
    });
    expectApiError(asApiError(notGuid), 400, 'bad_request');
  });
});
