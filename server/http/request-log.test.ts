import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../testing/http-client.ts';
import { DEMO, login, loginAdmin, startTestServer } from '../testing/start-server.ts';
import { useTestServer } from '../testing/use-test-server.ts';
import { loggedPath } from './request-log.ts';

const server = useTestServer();
let token = '';
let adminToken = '';

beforeAll(async () => {
  token = await login(server.api, DEMO.jdoe);
  adminToken = await loginAdmin(server.api);
  await send(server.origin, {
    path: `/TDWebApi/api/people/lookup?searchText=secret-query-value&maxResults=5`,
    headers: { Authorization: `Bearer ${token}`, Cookie: 'td_sso=cookie-secret-value' },
  });
  await send(server.origin, {
    path: '/TDWebApi/api/auth/getuser',
    headers: { Authorization: `Bearer ${adminToken}` },
  });
  await send(server.origin, { path: '/healthz', headers: { Host: 'evil.example' } });
  await fetch(`${server.api}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: DEMO.jdoe, password: 'Wrong-password-1' }),
  });
});

describe('the request log', () => {
  it('has one line per request: method, path, status, time taken and caller', () => {
    const lines = server.requests.map(({ method, path, status }) => `${method} ${path} ${status}`);
    expect(lines).toEqual([
      'POST /TDWebApi/api/auth/login 200',
      'POST /TDWebApi/api/auth/loginadmin 200',
      'GET /TDWebApi/api/people/lookup 200',
      'GET /TDWebApi/api/auth/getuser 200',
      'GET /healthz 421',
      'POST /TDWebApi/api/auth/login 401',
    ]);
    for (const record of server.requests) {
      expect(record.caller).toBe('127.0.0.1');
      expect(record.ms).toBeGreaterThanOrEqual(0);
    }
    const first = JSON.parse(server.lines[0]!) as Record<string, unknown>;
    expect(first).toMatchObject({ level: 'info', msg: 'request' });
    expect(Date.parse(first.time as string)).not.toBeNaN();
  });

  it('never holds a token, password, key, cookie or query value', () => {
    const text = server.lines.join('\n');
    for (const secret of [
      token,
      adminToken,
      DEMO.password,
      'Wrong-password-1',
      DEMO.exampleKey,
      'cookie-secret-value',
      'secret-query-value',
      'maxResults',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/eyJ[\w-]+\.eyJ/);
  });

  it('logs opaque identifiers in a path as :id', async () => {
    const uid = 'oYq1ryJOgyZfxw0Kqfso5FFu9WHzQjWwj-OurkEq3Cz';
    await send(server.origin, { path: `/idp/interaction/${uid}/abort` });
    await send(server.origin, { path: '/TDWebApi/api/people/c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8' });
    expect(server.requests.slice(-2).map((record) => record.path)).toEqual([
      '/idp/interaction/:id/abort',
      '/TDWebApi/api/people/:id',
    ]);
    expect(server.lines.join('\n')).not.toContain(uid);
  });

  it('logs the provider’s ids by position, whatever they look like: no digit, short, odd', async () => {
    const digitFree = 'oYqryJOgyZfxwKqfsoFFuWHzQjWwj-OurkEqCzabcde';
    expect(digitFree).toHaveLength(43);
    const paths = [
      `/idp/interaction/${digitFree}`,
      `/idp/auth/${digitFree}`,
      `/idp/interaction/${digitFree}/login`,
      `/idp/interaction/${digitFree}/abort`,
    ];
    for (const path of paths) await send(server.origin, { path });
    expect(server.requests.slice(-paths.length).map((record) => record.path)).toEqual([
      '/idp/interaction/:id',
      '/idp/auth/:id',
      '/idp/interaction/:id/login',
      '/idp/interaction/:id/abort',
    ]);
    expect(server.lines.join('\n')).not.toContain(digitFree);
  });

  it.each([
    ['/IDP/Interaction/abc/LOGIN?x=1', '/IDP/Interaction/:id/LOGIN'],
    ['/idp/interaction/abc/secret-value/login', '/idp/interaction/:id/:id/login'],
    ['/idp/auth/x', '/idp/auth/:id'],
    ['/idp/reg/some-client', '/idp/reg/:id'],
    ['/idp/auth', '/idp/auth'],
    ['/idp/auth/', '/idp/auth/'],
    ['/idp/.well-known/openid-configuration', '/idp/.well-known/openid-configuration'],
    ['/idp/token', '/idp/token'],
    ['/TDWebApi/api/auth/getuser', '/TDWebApi/api/auth/getuser'],
  ])('keeps only the provider’s own step names after an id, in any letter case: %s as %s', (path, logged) => {
    expect(loggedPath(path)).toBe(logged);
  });

  it('keeps at most 256 characters of a long path', async () => {
    await send(server.origin, { path: `/TDWebApi/api/${'a'.repeat(8000)}` });
    expect(server.requests.at(-1)!.path).toHaveLength(257);
  });

  it('is silent below LOG_LEVEL', async () => {
    const quiet = await startTestServer({ config: { logLevel: 'warn' } });
    try {
      await fetch(`${quiet.origin}/healthz`);
      expect(quiet.lines).toEqual([]);
    } finally {
      await quiet.stop(true);
    }
  });
});

describe('the console’s own files in the request log', () => {
  const dist = mkdtempSync(join(tmpdir(), 'request-log-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  writeFileSync(join(dist, 'assets', 'app-1a2b3c.js'), 'console.log(1);');
  const levels = (lines: string[]) =>
    lines.map((line) => JSON.parse(line) as { level: string; msg: string; path?: string; status?: number });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('are logged at debug when answered, so that a page load leaves the start’s banner and the API calls in view', async () => {
    const verbose = await startTestServer({ config: { logLevel: 'debug', distDir: dist } });
    try {
      await send(verbose.origin, { path: '/' });
      await send(verbose.origin, { path: '/assets/app-1a2b3c.js' });
      await send(verbose.origin, { path: '/profile' });
      await send(verbose.origin, { path: '/assets/gone-9z8y7x.js' });
      await send(verbose.origin, { path: '/TDWebApi/api/auth/getuser' });
      await send(verbose.origin, { path: '/healthz' });
      const logged = levels(verbose.lines)
        .filter((line) => line.msg === 'request')
        .map(({ level, path, status }) => `${level} ${path} ${status}`);
      expect(logged).toEqual([
        'debug / 200',
        'debug /assets/app-1a2b3c.js 200',
        'debug /profile 200',
        'info /assets/gone-9z8y7x.js 404',
        'info /TDWebApi/api/auth/getuser 401',
        'info /healthz 200',
      ]);
    } finally {
      await verbose.stop(true);
    }
  });

  it('are not logged at all at the default level, info, while API calls are', async () => {
    const usual = await startTestServer({ config: { distDir: dist } });
    try {
      await send(usual.origin, { path: '/' });
      await send(usual.origin, { path: '/assets/app-1a2b3c.js' });
      await send(usual.origin, { path: '/TDWebApi/api/auth/getuser' });
      expect(usual.requests.map(({ path, status }) => `${path} ${status}`)).toEqual([
        '/TDWebApi/api/auth/getuser 401',
      ]);
    } finally {
      await usual.stop(true);
    }
  });
});
