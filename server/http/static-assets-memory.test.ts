import type * as nodeFs from 'node:fs';
import { rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTempDist, TEMP_DIST } from '../testing/temp-dist.ts';

// Every file the static server opens, by either way of reading one.
const opened = vi.hoisted(() => [] as string[]);
vi.mock('node:fs', async (original) => {
  const fs = await original<typeof nodeFs>();
  return {
    ...fs,
    readFileSync: ((path: string, ...rest: unknown[]) => {
      opened.push(String(path));
      return (fs.readFileSync as (...args: unknown[]) => unknown)(path, ...rest);
    }) as typeof fs.readFileSync,
    createReadStream: ((path: string, ...rest: unknown[]) => {
      opened.push(String(path));
      return (fs.createReadStream as (...args: unknown[]) => unknown)(path, ...rest);
    }) as typeof fs.createReadStream,
  };
});

const { createStatic } = await import('./static-files.ts');
const ASSET = '/assets/app-abc123.js';

let dist: string;
let server: Server;
let origin: string;

beforeEach(async () => {
  dist = makeTempDist();
  const serve = createStatic(dist, true, { emulator: true, default: 'emulator', tenants: [] });
  server = createServer((req, res) => serve(req, res, new URL(req.url ?? '/', 'http://x').pathname));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  opened.length = 0;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
  rmSync(dist, { recursive: true, force: true });
});

const get = async (path: string) => {
  const answer = await fetch(origin + path);
  return { status: answer.status, body: await answer.text(), cache: answer.headers.get('cache-control') };
};
const reads = (path: string) => opened.filter((file) => file === join(dist, path)).length;

describe('hashed assets', () => {
  it('are read from disk once, then answered from memory', async () => {
    for (let i = 0; i < 3; i++)
      expect(await get(ASSET)).toEqual({
        status: 200,
        body: TEMP_DIST.script,
        cache: 'public, max-age=31536000, immutable',
      });
    expect(reads(ASSET)).toBe(1);
  });

  it('are read again once a build has replaced the file', async () => {
    await get(ASSET);
    writeFileSync(join(dist, ASSET), 'console.log("rebuilt");\n');
    utimesSync(join(dist, ASSET), new Date(), new Date(Date.now() + 5_000));
    expect((await get(ASSET)).body).toBe('console.log("rebuilt");\n');
    expect(reads(ASSET)).toBe(2);
  });

  it('are answered 404 once a build has removed the file', async () => {
    await get(ASSET);
    rmSync(join(dist, ASSET));
    expect((await get(ASSET)).status).toBe(404);
  });

  it('leave other files read from disk on every request, revalidated', async () => {
    await get('/favicon.svg');
    expect(await get('/favicon.svg')).toEqual({ status: 200, body: TEMP_DIST.favicon, cache: 'no-cache' });
    expect(reads('/favicon.svg')).toBe(2);
  });
});
