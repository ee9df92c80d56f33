import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../testing/api-error.ts';
import { spawnServer, type ChildServer } from '../testing/child-server.ts';
import { decodeJwt } from '../testing/jwt.ts';
import { makePrivateCa } from '../testing/private-ca.ts';
import { getUser, post } from '../testing/requests.ts';
import { DEMO } from '../testing/start-server.ts';

/**
 * A tenant served over https with a certificate from a private CA, relayed to by emulators as separate processes
 * (NODE_EXTRA_CA_CERTS is read by Node at process start, so nothing less than a process shows it working).
 */
const dir = mkdtempSync(join(tmpdir(), 'emulator-private-ca-'));
const sub = (name: string) => mkdtempSync(join(dir, `${name}-`));
let tenant: ChildServer;
let trusting: ChildServer;
let untrusting: ChildServer;

beforeAll(async () => {
  const ca = makePrivateCa(dir);
  tenant = await spawnServer(
    sub('tenant'),
    { TLS_CERT: ca.certPath, TLS_KEY: ca.keyPath },
    { ca: readFileSync(ca.caPath) },
  );
  expect(tenant.origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  const relayTenants = `t=${tenant.origin}/TDWebApi`;
  [trusting, untrusting] = await Promise.all([
    spawnServer(sub('trusting'), { NODE_EXTRA_CA_CERTS: ca.caPath, RELAY_TENANTS: relayTenants }),
    spawnServer(sub('untrusting'), { NODE_EXTRA_CA_CERTS: undefined, RELAY_TENANTS: relayTenants }),
  ]);
}, 120_000);

afterAll(() => {
  for (const child of [tenant, trusting, untrusting]) child?.process.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const credentials = { username: DEMO.jdoe, password: DEMO.password };

describe('the relay to an https tenant behind a private CA', () => {
  it('with NODE_EXTRA_CA_CERTS: signs in through /relay/t/api/auth/login, then getuser', async () => {
    const login = await post(`${trusting.origin}/relay/t/api/auth/login`, credentials);
    expect(login.status, login.text).toBe(200);
    expect(login.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(decodeJwt(login.text).claims.unique_name).toBe(DEMO.jdoe);
    const user = await getUser(`${trusting.origin}/relay/t/api`, login.text);
    expect(user.status).toBe(200);
    expect((JSON.parse(user.text) as { UserName: string }).UserName).toBe(DEMO.jdoe);
  });

  it('without it: a clear 502 naming the tenant’s host, and the relay keeps running', async () => {
    const login = await post(`${untrusting.origin}/relay/t/api/auth/login`, credentials);
    const error = expectApiError(login, 502, 'relay_failed');
    expect(error.message).toContain('127.0.0.1');
    expect(error.message).toContain('certificate is not trusted');
    expect(untrusting.process.exitCode).toBeNull();
    expect((await fetch(`${untrusting.origin}/healthz`)).status).toBe(200);
  });
});
