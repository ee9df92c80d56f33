import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, inject, it } from 'vitest';
import { spawnServer, type ChildServer } from '../testing/child-server.ts';
import { freePort } from '../testing/free-port.ts';
import { recordSandbox } from '../testing/recorded-sandbox.ts';
import { DEMO } from '../testing/start-server.ts';

/**
 * The proof that the package stands alone: the tarball of `npm pack`, installed into an empty directory
 * with no network (packed-tarball.ts), started as the docs say (`npx --no-install auth-console-emulator`), signed
 * in to.
 */

const run = promisify(execFile);
const { installed, tarball } = inject('packed');
let child: ChildServer | undefined;

afterAll(() => {
  if (child?.process.pid) process.kill(-child.process.pid, 'SIGTERM');
});

it('packs the bin, server, contract, built console and docs, and no tests', async () => {
  const { stdout } = await run('tar', ['tzf', tarball]);
  const files = stdout.trim().split('\n');
  for (const file of [
    'package/bin/auth-console-emulator.js',
    'package/server/main.ts',
    'package/server/realm/demo.json',
    'package/server/realm/realm.schema.json',
    'package/contract/wire.ts',
    'package/dist/index.html',
    'package/docs/testing-your-integration.md',
  ]) {
    expect(files).toContain(file);
  }
  expect(
    files.filter((file) =>
      /\.(package-)?test\.ts$|\/testing\/|^package\/(src|e2e|server\/package)\//.test(file),
    ),
  ).toEqual([]);
});

it('runs `npx --no-install auth-console-emulator --port <free> --replay <dir>` from the installed tarball: a sign-in, a recording replayed', async () => {
  const port = await freePort();
  const recordings = await recordSandbox();
  child = await spawnServer(
    join(installed, 'data'),
    { DATA_DIR: undefined, PORT: undefined, npm_config_offline: 'true' },
    {
      command: [
        'npx',
        '--no-install',
        'auth-console-emulator',
        '--port',
        String(port),
        '--replay',
        recordings,
      ],
      cwd: installed,
      detached: true,
    },
  );
  expect(child.origin).toBe(`http://127.0.0.1:${port}`);
  const res = await fetch(`${child.origin}/TDWebApi/api/auth`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: DEMO.jdoe, password: DEMO.password }),
  });
  expect(res.status).toBe(200);
  const token = await res.text();
  expect(token.split('.')).toHaveLength(3);
  const ticket = await fetch(`${child.origin}/SBTDWebApi/api/30/tickets/12`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(ticket.status).toBe(200);
  expect(await ticket.json()).toMatchObject({ ID: 12, Title: 'Printer on fire' });
});
