import { rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionsAnswer } from '../contract/wire.ts';
import { connectionsBlock } from './testing/connections-block.ts';
import { send, type RawResponse, type SendOptions } from './testing/http-client.ts';
import { DEMO, startTestServer, type TestServer } from './testing/start-server.ts';
import { TEMP_DIST, makeTempDist } from './testing/temp-dist.ts';

const A = '/TDWebApi/api';
let server: TestServer;
let distDir: string;

beforeAll(async () => {
  distDir = makeTempDist();
  server = await startTestServer({ config: { distDir } });
});
afterAll(async () => {
  await server.stop(true);
  rmSync(distDir, { recursive: true, force: true });
});

const get = (path: string, options: Partial<SendOptions> = {}) => send(server.origin, { path, ...options });

function directives(policy: string | undefined): Map<string, string[]> {
  expect(policy).toBeTruthy();
  return new Map(
    (policy ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

function expectSecurityHeaders(res: RawResponse) {
  const csp = directives(res.headers['content-security-policy'] as string | undefined);
  const scripts = csp.get('script-src');
  expect(scripts, 'script-src is set').toBeDefined();
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(csp.get('default-src')).not.toContain("'unsafe-eval'");
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
}

describe('the console from dist/', () => {
  it.each(['/', '/index.html', '/profile', '/token/details', '/requests?tab=history'])(
    '%s answers index.html with the connection list in its head, never stored by a cache',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers['last-modified']).toBeUndefined();
      const { json, rest } = connectionsBlock(res.text);
      expect(rest).toBe(TEMP_DIST.index);
      expect(res.text).toContain(`${json}</script></head>`);
      expect(JSON.parse(json)).toEqual(JSON.parse((await get('/relay')).text));
    },
  );

  it('answers hashed assets cached for a year, immutable', async () => {
    const res = await get('/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/(^|, )max-age=31536000(,|$)/);
    expect(res.headers['cache-control']).toMatch(/\bimmutable\b/);
    expect(res.text).toBe(TEMP_DIST.script);
  });

  it('answers HEAD with the headers only', async () => {
    const res = await get('/assets/app-abc123.js', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(TEMP_DIST.script)));
    expect(res.text).toBe('');
  });

  it('lets files that are not hashed be revalidated', async () => {
    const res = await get('/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/x.js', '/assets/app-missing.js', '/styles.css', '/assets/app-abc123.js.map'])(
    'answers 404 for the missing file %s, not index.html',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('<html');
    },
  );

  it('serves a new build of index.html without a restart', async () => {
    const rebuilt = makeTempDist();
    const fresh = await startTestServer({ config: { distDir: rebuilt } });
    try {
      expect(connectionsBlock((await send(fresh.origin, { path: '/' })).text).rest).toBe(TEMP_DIST.index);
      const next = TEMP_DIST.index.replace('app-abc123', 'app-def456');
      writeFileSync(join(rebuilt, 'index.html'), next);
      // A build always leaves a new modification time; set one explicitly so the test does not race the clock.
      utimesSync(join(rebuilt, 'index.html'), new Date(), new Date(Date.now() + 5_000));
      expect(connectionsBlock((await send(fresh.origin, { path: '/profile' })).text).rest).toBe(next);
    } finally {
      await fresh.stop(true);
      rmSync(rebuilt, { recursive: true, force: true });
    }
  });

  it('says the console is not built, rather than failing, when dist/ is missing', async () => {
    const bare = await startTestServer({ config: { distDir: join(distDir, 'no-such-dir') } });
    try {
      const res = await send(bare.origin, { path: '/profile' });
      expect(res.status).toBe(200);
      expect(res.text).toContain('not built');
      expect((await send(bare.origin, { path: '/x.js' })).status).toBe(404);
    } finally {
      await bare.stop(true);
    }
  });
});

describe('the connection list in index.html', () => {
  const HOSTILE = '</script><script>alert(1)</script><!-- Acme';
  let listing: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = makeTempDist();
    listing = await startTestServer({
      config: {
        distDir: dist,
        emulator: false,
        defaultConnection: 'acme-sb',
        relayTenants: [
          { name: 'acme', upstream: 'https://acme.teamdynamix.com/TDWebApi', label: HOSTILE },
          { name: 'acme-sb', upstream: 'https://acme.teamdynamix.com/SBTDWebApi', organization: 'acme' },
        ],
      },
    });
  });
  afterAll(async () => {
    await listing.stop(true);
    rmSync(dist, { recursive: true, force: true });
  });

  it('is exactly what GET /relay answers, and no label can end its element', async () => {
    const page = (await send(listing.origin, { path: '/sign-in' })).text;
    const { json, rest } = connectionsBlock(page);
    expect(rest).toBe(TEMP_DIST.index);
    expect(json).not.toContain('<');
    const carried = JSON.parse(json) as ConnectionsAnswer;
    expect(carried).toEqual(JSON.parse((await send(listing.origin, { path: '/relay' })).text));
    expect(carried).toMatchObject({ emulator: false, default: 'acme-sb' });
    expect(carried.tenants.map((t) => t.label)).toEqual([HOSTILE, 'acme-sb']);
    // The page's own script and the data block, and no element the label could have opened.
    expect(page.match(/<script/g)).toHaveLength(2);
    expect(page).not.toContain('alert(1)</script>');
  });
});

describe('/healthz', () => {
  it('answers JSON that says the emulator is up', async () => {
    const res = await get('/healthz');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const body = JSON.parse(res.text) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['emulator', 'service', 'status', 'version']);
    expect(body).toMatchObject({ status: 'ok', service: 'auth-console-emulator' });
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('security headers on every response', () => {
  const login = {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: DEMO.jdoe, password: DEMO.password }),
  };
  const cases: [string, number, string, Partial<SendOptions>?][] = [
    ['the console', 200, '/'],
    ['a console route', 200, '/profile'],
    ['an asset', 200, '/assets/app-abc123.js'],
    ['a missing file', 404, '/x.js'],
    ['a static 405', 405, '/', { method: 'DELETE' }],
    ['a bad static path', 400, '/%E0%A4%A'],
    ['/healthz', 200, '/healthz'],
    ['a login', 200, `${A}/auth/login`, login],
    ['a sandbox API 401', 401, '/SBTDWebApi/api/auth/getuser'],
    ['an API 404', 404, `${A}/nope`],
    ['an API 405', 405, `${A}/auth`],
    ['an API 415', 415, `${A}/auth`, { ...login, headers: { 'Content-Type': 'text/plain' } }],
  ];

  it.each(cases)('%s', async (_name, status, path, options) => {
    const res = await get(path, options);
    expect(res.status).toBe(status);
    expectSecurityHeaders(res);
  });
});
