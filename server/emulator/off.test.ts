import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionsAnswer, HealthResponse } from '../../contract/wire.ts';
import { loadConfig } from '../config/config.ts';
import { expectApiError } from '../testing/api-error.ts';
import { connectionsBlock } from '../testing/connections-block.ts';
import { send } from '../testing/http-client.ts';
import { DEMO, startTestServer, type TestServer } from '../testing/start-server.ts';
import { TEMP_DIST, makeTempDist } from '../testing/temp-dist.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** `front` runs without the emulator (EMULATOR=off, CONNECTIONS_FILE) and relays to `tenant`, a second emulator. */
let tenant: TestServer;
let front: TestServer;
let scratch: string;
let distDir: string;
/** Named as DATA_DIR but never made: nothing may create it. */
let dataDir: string;

beforeAll(async () => {
  tenant = await startTestServer();
  scratch = mkdtempSync(join(tmpdir(), 'emulator-off-'));
  distDir = makeTempDist();
  dataDir = join(scratch, 'data');
  const file = join(scratch, 'connections.json');
  writeFileSync(
    file,
    JSON.stringify({
      default: 'acme-sb',
      connections: [
        { name: 'acme', label: 'Acme University', base: `${tenant.origin}/TDWebApi`, organization: 'acme' },
        { name: 'acme-sb', label: 'Acme University (sandbox)', base: `${tenant.origin}/SBTDWebApi` },
      ],
    }),
  );
  const config = loadConfig({ EMULATOR: 'off', CONNECTIONS_FILE: file }, [], ROOT);
  front = await startTestServer({ config: { ...config, port: 0, dataDir, distDir } });
});
afterAll(async () => {
  await front.stop(true);
  await tenant.stop(true);
  rmSync(scratch, { recursive: true, force: true });
  rmSync(distDir, { recursive: true, force: true });
});

const OFF = /emulator is off on this server/;

describe('with the emulator off', () => {
  it.each([
    ['POST', '/TDWebApi/api/auth/login'],
    ['POST', '/TDWebApi/api/auth'],
    ['POST', '/SBTDWebApi/api/auth/loginadmin'],
    ['GET', '/TDWebApi/api/auth/getuser'],
    ['GET', '/TDWebApi/api/people/lookup?searchText=j'],
    ['GET', '/TDWebApi/openapi.json'],
    ['GET', '/SBTDWebApi/openapi.json'],
    ['GET', '/TDWebApi'],
    ['GET', '/tdwebapi/api/auth/getuser'],
    ['OPTIONS', '/TDWebApi/api/auth/login'],
    ['GET', '/idp'],
    ['GET', '/idp/.well-known/openid-configuration'],
    ['GET', '/idp/jwks'],
    ['GET', '/IDP/auth?client_id=x'],
  ])('%s %s answers 404 not_found: the emulator is off', async (method, path) => {
    const res = await send(front.origin, {
      method,
      path,
      headers: { 'Content-Type': 'application/json' },
      body: method === 'POST' ? JSON.stringify({ username: DEMO.jdoe, password: DEMO.password }) : undefined,
    });
    expect(expectApiError(res, 404, 'not_found').message).toMatch(OFF);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('signs in through no SSO: loginsso sets no cookie and sends nobody to a provider', async () => {
    for (const base of ['/TDWebApi', '/SBTDWebApi']) {
      const res = await send(front.origin, { path: `${base}/api/auth/loginsso` });
      expect(expectApiError(res, 404, 'not_found').message).toMatch(OFF);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers.location).toBeUndefined();
    }
  });

  it('says so at /healthz', async () => {
    const res = await send(front.origin, { path: '/healthz' });
    expect(res.status).toBe(200);
    const health = JSON.parse(res.text) as HealthResponse;
    expect(health).toMatchObject({ status: 'ok', service: 'auth-console', emulator: false });
  });

  it('lists the file’s connections at GET /relay, with labels, organizations and the default', async () => {
    const res = await send(front.origin, { path: '/relay' });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text) as ConnectionsAnswer).toEqual({
      emulator: false,
      default: 'acme-sb',
      tenants: [
        {
          name: 'acme',
          label: 'Acme University',
          base: '/relay/acme',
          upstream: `${tenant.origin}/TDWebApi`,
          organization: 'acme',
        },
        {
          name: 'acme-sb',
          label: 'Acme University (sandbox)',
          base: '/relay/acme-sb',
          upstream: `${tenant.origin}/SBTDWebApi`,
          organization: new URL(tenant.origin).host,
        },
      ],
    });
  });

  it('serves the console and relays a sign-in to the tenant', async () => {
    const page = await send(front.origin, { path: '/' });
    expect(page.status).toBe(200);
    const { json, rest } = connectionsBlock(page.text);
    expect(rest).toBe(TEMP_DIST.index);
    expect(JSON.parse(json)).toMatchObject({ emulator: false, default: 'acme-sb' });
    const login = await send(front.origin, {
      method: 'POST',
      path: '/relay/acme/api/auth/login',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: DEMO.jdoe, password: DEMO.password }),
    });
    expect(login.status).toBe(200);
    const user = await send(front.origin, {
      path: '/relay/acme/api/auth/getuser',
      headers: { Authorization: `Bearer ${login.text}` },
    });
    expect(user.status).toBe(200);
    expect((JSON.parse(user.text) as { UserName: string }).UserName).toBe(DEMO.jdoe);
  });

  it('opens no database and writes nothing: DATA_DIR is never made, dist/ is as it was', async () => {
    await send(front.origin, {
      method: 'POST',
      path: '/TDWebApi/api/auth/login',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: DEMO.jdoe, password: DEMO.password }),
    });
    await send(front.origin, { path: '/TDWebApi/api/auth/loginsso' });
    expect(existsSync(dataDir)).toBe(false);
    expect(readdirSync(scratch).sort()).toEqual(['connections.json']);
    expect(readdirSync(distDir).sort()).toEqual(['assets', 'favicon.svg', 'index.html']);
    expect(front.app.routes).toEqual([]);
    expect(() => front.app.db).toThrow(/emulator is off/);
  });

  it('still logs each request as a JSON line', () => {
    expect(front.requests.some((record) => record.path === '/TDWebApi/api/auth/login')).toBe(true);
    for (const line of front.lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
  });
});
