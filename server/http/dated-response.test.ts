import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { send } from '../testing/http-client.ts';
import { answerDating } from './dated-response.ts';

let server: Server | null = null;
afterEach(async () => {
  const running = server;
  server = null;
  if (running) await new Promise((done) => running.close(done));
});

/** A real server whose answers are dated by a clock the test sets; `/own-date` sets a Date of its own. */
async function serve(clock: { now(): number }) {
  const dated = answerDating(clock);
  server = createServer((req, res) => {
    dated(res);
    if (req.url === '/own-date') res.setHeader('Date', 'Thu, 01 Jan 2015 00:00:00 GMT');
    if (req.url === '/implicit') return void res.end('no writeHead');
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
  });
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const dateOf = async (origin: string, path = '/') => (await send(origin, { path })).headers.date;

describe('answers dated by the one clock', () => {
  it('follows the clock to the second, forwards, backwards and in the same second', async () => {
    let now = Date.UTC(2030, 0, 1, 12, 0, 0, 999);
    const origin = await serve({ now: () => now });
    expect(await dateOf(origin)).toBe('Tue, 01 Jan 2030 12:00:00 GMT');
    now += 1;
    expect(await dateOf(origin)).toBe('Tue, 01 Jan 2030 12:00:01 GMT');
    now += 998;
    expect(await dateOf(origin)).toBe('Tue, 01 Jan 2030 12:00:01 GMT');
    now -= 86_400_000;
    expect(await dateOf(origin)).toBe('Mon, 31 Dec 2029 12:00:01 GMT');
  });

  it('dates an answer started without writeHead, and keeps a Date the answer set itself', async () => {
    const origin = await serve({ now: () => Date.UTC(2030, 0, 1) });
    expect(await dateOf(origin, '/implicit')).toBe('Tue, 01 Jan 2030 00:00:00 GMT');
    expect(await dateOf(origin, '/own-date')).toBe('Thu, 01 Jan 2015 00:00:00 GMT');
  });
});
