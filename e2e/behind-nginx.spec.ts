import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import type { Page } from '@playwright/test';
import { spawnServer, type ChildServer } from '../server/testing/child-server.ts';
import { freePort } from '../server/testing/free-port.ts';
import { send } from '../server/testing/http-client.ts';
import { makePrivateCa, type PrivateCa } from '../server/testing/private-ca.ts';
import { chromiumLaunchOptions } from '../scripts/chromium';
import { JDOE, expect, test } from './fixtures';
import { SITE_TEMPLATE, fillTemplate, requireNginx, startNginx, type RunningNginx } from './nginx';
import { LOG_DIR } from './servers';

// The organization's layout, as docs/deployment.md describes it: the browser speaks https to nginx under the
// console's public name; nginx passes every request to the console server (emulator off, settings and
// connections from deploy/), which relays to the tenant: here a second server, an emulator, stands in for
// https://acme.teamdynamix.com. nginx reaches the console server from an address of its own, so that the log can
// tell the browser's address from the proxy's.
const NAME = 'console.example.test';
/** A second name of the site, answered because ALLOWED_HOSTS names it. */
const ALIAS = 'auth-console.example.test';
const NGINX_ADDRESS = '127.0.0.3';
/** The default connection of deploy/connections.example.json. */
const TENANT = 'acme';

const launchOptions = chromiumLaunchOptions();
test.use({
  ignoreHTTPSErrors: true,
  launchOptions: {
    ...launchOptions,
    args: [...(launchOptions.args ?? []), `--host-resolver-rules=MAP ${NAME} 127.0.0.1`],
  },
});

const deployFile = (path: string) => readFileSync(new URL(`../deploy/${path}`, import.meta.url), 'utf8');

let dir: string;
let ca: PrivateCa;
let origin: string;
let httpPort: number;
let httpsPort: number;
let consoleDataDir: string;
let tenant: ChildServer;
let consoleServer: ChildServer;
let nginx: RunningNginx;

test.beforeAll(async () => {
  // Two servers started through tsx, and nginx, on a shared machine.
  test.setTimeout(90_000);
  requireNginx();
  dir = mkdtempSync(join(tmpdir(), 'auth-console-nginx-'));
  // nginx's workers run as another user when it is started as root: they need to reach their temporary files.
  chmodSync(dir, 0o755);
  ca = makePrivateCa(dir, [NAME, ALIAS]);
  httpPort = await freePort();
  httpsPort = await freePort();
  origin = `https://${NAME}:${httpsPort}`;

  tenant = await spawnServer(mkdtempSync(join(dir, 'tenant-data-')));
  const connections = join(dir, 'connections.json');
  writeFileSync(
    connections,
    deployFile('connections.example.json').replaceAll('https://acme.teamdynamix.com', tenant.origin),
  );
  // With the emulator off the console server writes nothing: this directory must never appear.
  consoleDataDir = join(dir, 'console-data');
  consoleServer = await spawnServer(consoleDataDir, {
    ...parseEnv(deployFile('auth-console.env.example')),
    // What differs on this machine: a free port, the test's names, nginx's address and the connections' path.
    PORT: '0',
    PUBLIC_ORIGIN: origin,
    TRUST_PROXY: NGINX_ADDRESS,
    ALLOWED_HOSTS: ALIAS,
    CONNECTIONS_FILE: connections,
    RELAY_TENANTS: undefined,
  });
  const consolePort = new URL(consoleServer.origin).port;

  const site = fillTemplate(SITE_TEMPLATE, [
    { from: 'server 127.0.0.1:8080;', to: `server 127.0.0.1:${consolePort};`, times: 1 },
    { from: 'server_name console.example.edu;', to: `server_name ${NAME} ${ALIAS};`, times: 2 },
    { from: 'listen 80;', to: `listen 127.0.0.1:${httpPort};`, times: 1 },
    { from: 'listen 443 ssl http2;', to: `listen 127.0.0.1:${httpsPort} ssl http2;`, times: 1 },
    // The machine may have no IPv6; the IPv4 listeners above are enough for the test.
    { from: 'listen [::]:80;', to: '', times: 1 },
    { from: 'listen [::]:443 ssl http2;', to: '', times: 1 },
    { from: '/etc/ssl/certs/console.example.edu.pem', to: ca.certPath, times: 1 },
    { from: '/etc/ssl/private/console.example.edu.key', to: ca.keyPath, times: 1 },
    { from: '/var/log/nginx/auth-console.access.log', to: join(dir, 'access.log'), times: 2 },
  ]);
  nginx = await startNginx({ dir, site, port: httpsPort, proxyBind: NGINX_ADDRESS });
});

test.afterAll(async () => {
  await nginx?.stop();
  for (const server of [consoleServer, tenant]) {
    if (!server) continue;
    server.process.kill('SIGTERM');
    await server.exited;
  }
  // For the leak check of global-teardown.ts, with the servers Playwright started.
  if (consoleServer) writeFileSync(join(LOG_DIR, 'server-behind-nginx-console.log'), consoleServer.output());
  if (tenant) writeFileSync(join(LOG_DIR, 'server-behind-nginx-tenant.log'), tenant.output());
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface LogLine {
  msg: string;
  method?: string;
  path?: string;
  status?: number | null;
  caller?: string;
}

function requestLog(server: ChildServer): LogLine[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine)
    .filter((line) => line.msg === 'request');
}

/** nginx's access log: the address each request came from, by method and path. */
function nginxCallers(): { caller: string; request: string }[] {
  return readFileSync(join(dir, 'access.log'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [, caller = '', request = ''] = /^(\S+) \[[^\]]+\] "([^"]*)"/.exec(line) ?? [];
      return { caller, request };
    });
}

const answer = (page: Page) => page.getByRole('region', { name: 'Answer' });

test('through nginx: sign in through the relay, read the profile, send a request', async ({ page }) => {
  const first = await page.goto(`${origin}/`);
  await expect(page).toHaveURL(`${origin}/sign-in?returnTo=%2F`);
  // The server's own security headers, once each (nginx adds none), HSTS among them: PUBLIC_ORIGIN is https.
  const headers = await first!.headersArray();
  const count = (name: string) => headers.filter((header) => header.name.toLowerCase() === name).length;
  expect(count('content-security-policy')).toBe(1);
  expect(count('x-frame-options')).toBe(1);
  expect(count('strict-transport-security')).toBe(1);

  // The connections of the file, by its labels, with its default.
  const listed: unknown = await page.evaluate(() => fetch('/relay').then((response) => response.json()));
  expect(listed).toMatchObject({
    emulator: false,
    default: TENANT,
    tenants: [
      { name: 'acme', label: 'Acme University' },
      { name: 'acme-sb', label: 'Acme University (sandbox)' },
    ],
  });
  await page.getByLabel('Connection').selectOption(`relay:${TENANT}`);
  await page.getByLabel('User name').fill(JDOE.username);
  await page.getByLabel('Password').fill(JDOE.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${origin}/profile`);
  await expect(page.getByRole('heading', { name: 'Identity' })).toBeVisible();
  await expect(page.getByText('Jane Doe').first()).toBeVisible();

  await page.getByRole('link', { name: 'Requests' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
  await page.getByLabel('Search the catalog').fill('auth/getuser');
  await page.getByRole('button', { name: /^GET \/api\/auth\/getuser( Emulated)?$/ }).click();
  await expect(page.getByLabel('Request preview')).toContainText(`/relay/${TENANT}/api/auth/getuser`);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(answer(page)).toContainText('200 OK');
  await expect(page.getByRole('tree', { name: 'Answer body' })).toContainText(`UserName: "${JDOE.username}"`);

  // The console server logged each call with the browser's address, as nginx saw it, never nginx's own.
  const relayed = () =>
    requestLog(consoleServer).filter((line) => line.path?.startsWith(`/relay/${TENANT}/`));
  await expect
    .poll(() => relayed().map((line) => `${line.method} ${line.path} ${line.status}`))
    .toEqual([
      `POST /relay/${TENANT}/api/auth 200`,
      `GET /relay/${TENANT}/api/auth/getuser 200`,
      `GET /relay/${TENANT}/api/auth/getuser 200`,
    ]);
  const browser = nginxCallers().find((line) => line.request === `POST /relay/${TENANT}/api/auth`)?.caller;
  expect(browser).toMatch(/^127\./);
  expect(browser).not.toBe(NGINX_ADDRESS);
  for (const line of relayed()) expect(line.caller).toBe(browser);
});

test('through nginx: the caller is whoever reached nginx, whatever X-Forwarded-For it sent', async () => {
  // A caller of its own address, unknown to the console server except through nginx's X-Forwarded-For: it can
  // only appear in the log if the server believed nginx, and nginx reached it from NGINX_ADDRESS.
  const response = await send(`https://127.0.0.1:${httpsPort}`, {
    path: '/healthz',
    headers: { Host: NAME, 'X-Forwarded-For': '203.0.113.7' },
    localAddress: '127.0.0.5',
    ca: readFileSync(ca.caPath),
  });
  expect(response.status).toBe(200);
  // The output arrives through a pipe, a moment after the answer.
  const healthCallers = () =>
    requestLog(consoleServer)
      .filter((line) => line.path === '/healthz')
      .map((line) => line.caller);
  await expect.poll(healthCallers).toContain('127.0.0.5');

  // The same straight to the console server: not from nginx, so its X-Forwarded-For counts for nothing.
  await send(consoleServer.origin, {
    path: '/healthz',
    headers: { 'X-Forwarded-For': '203.0.113.7' },
    localAddress: '127.0.0.6',
  });
  await expect.poll(healthCallers).toContain('127.0.0.6');
  expect(healthCallers()).not.toContain('203.0.113.7');
});

test('through nginx: the names nginx serves are the names the server answers', async () => {
  const get = (host: string) =>
    send(`https://127.0.0.1:${httpsPort}`, {
      path: '/healthz',
      headers: { Host: host },
      ca: readFileSync(ca.caPath),
      servername: NAME,
    });
  expect((await get(ALIAS)).status).toBe(200);
  // nginx passes any Host on to its only site; the server refuses a name it was not given (a DNS rebinding page's).
  const elsewhere = await get('elsewhere.example.test');
  expect(elsewhere.status).toBe(421);
  expect(JSON.parse(elsewhere.text)).toMatchObject({ error: 'misdirected_request' });
});

test("through nginx: a browser's cross-site sign-in is refused before it reaches the tenant", async () => {
  const before = requestLog(tenant).length;
  // nginx passes the browser's Sec-Fetch-Site on; the relay refuses what another site made the browser send.
  const refused = await send(`https://127.0.0.1:${httpsPort}`, {
    method: 'POST',
    path: `/relay/${TENANT}/api/auth/login`,
    headers: { Host: NAME, 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'cross-site' },
    body: JSON.stringify({ username: JDOE.username, password: 'not-the-password' }),
    ca: readFileSync(ca.caPath),
  });
  expect(refused.status).toBe(403);
  expect(JSON.parse(refused.text)).toMatchObject({ error: 'cross_site_request' });
  await expect
    .poll(() => requestLog(consoleServer).at(-1))
    .toMatchObject({ path: `/relay/${TENANT}/api/auth/login`, status: 403 });
  expect(requestLog(tenant).slice(before)).toEqual([]);
});

test('through nginx: no emulator, and nothing written', async () => {
  const get = (path: string) =>
    send(`https://127.0.0.1:${httpsPort}`, { path, headers: { Host: NAME }, ca: readFileSync(ca.caPath) });
  expect(JSON.parse((await get('/healthz')).text)).toMatchObject({ status: 'ok', emulator: false });
  for (const path of [
    '/TDWebApi/api/auth/getuser',
    '/SBTDWebApi/api/auth/getuser',
    '/idp/.well-known/openid-configuration',
  ]) {
    const response = await get(path);
    expect(response.status, path).toBe(404);
    expect(JSON.parse(response.text), path).toMatchObject({ error: 'not_found' });
  }
  expect(existsSync(consoleDataDir)).toBe(false);
});

test('through nginx: plain http goes to https under the public name; a body over 64 KB gets the JSON 413', async () => {
  const redirect = await send(`http://127.0.0.1:${httpPort}`, {
    path: '/profile?tab=token',
    headers: { Host: NAME },
  });
  expect(redirect.status).toBe(301);
  expect(redirect.headers.location).toBe(`https://${NAME}/profile?tab=token`);

  const tooLarge = await send(`https://127.0.0.1:${httpsPort}`, {
    method: 'POST',
    path: `/relay/${TENANT}/api/auth/login`,
    headers: { Host: NAME, 'Content-Type': 'application/json' },
    body: 'x'.repeat(64 * 1024 + 1),
    ca: readFileSync(ca.caPath),
  });
  expect(tooLarge.status).toBe(413);
  expect(tooLarge.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(JSON.parse(tooLarge.text)).toEqual({
    status: 413,
    error: 'payload_too_large',
    message: 'The request body must be at most 65536 bytes.',
  });
});
