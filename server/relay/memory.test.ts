import type { ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectApiError } from '../testing/api-error.ts';
import { startEchoUpstream, type EchoUpstream } from '../testing/echo-upstream.ts';
import { send } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-server.ts';
import { RELAY_LIMITS, RelayLoad } from './load.ts';

const ANSWER_BYTES = 9 * 1024 * 1024;
const CLIENTS = 50;
/** The relay's patience with a client that reads nothing, shortened from its default for the test. */
const IDLE_MS = 300;
/** Time for 50 clients' exchanges on a shared, slow machine; the bounds under test are far shorter. */
const HEAVY_MS = 60_000;
const MB = 1024 * 1024;

/** One answer's bytes, shared by every request, so the upstream itself holds 9 MB however many ask. */
const ANSWER = Buffer.alloc(ANSWER_BYTES, 'x');
const PIECE = 64 * 1024;

let upstream: EchoUpstream;
let front: TestServer;
let load: RelayLoad;
/** Upstream answers held back until a test lets them go. */
let held: ServerResponse[] = [];
let callerNumber = 0;
const newCaller = () => `198.51.${Math.floor(++callerNumber / 250)}.${(callerNumber % 250) + 1}`;

function writeInPieces(res: ServerResponse) {
  for (let at = 0; at < ANSWER.length; at += PIECE) res.write(ANSWER.subarray(at, at + PIECE));
  res.end();
}

beforeAll(async () => {
  upstream = await startEchoUpstream({
    '/TDWebApi/api/big': (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      writeInPieces(res);
    },
    '/TDWebApi/api/big-declared': (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': ANSWER.length });
      writeInPieces(res);
    },
    '/TDWebApi/api/hold': (_req, res) => {
      held.push(res);
    },
  });
  load = new RelayLoad({ ...RELAY_LIMITS, sendIdleTimeoutMs: IDLE_MS });
  front = await startTestServer({
    relayLoad: load,
    config: {
      trustedProxies: ['loopback'],
      relayTenants: [{ name: 'echo', upstream: `${upstream.origin}/TDWebApi` }],
    },
  });
});
afterAll(async () => {
  for (const res of held) res.end('{}');
  await front.stop(true);
  await upstream.stop();
});
beforeEach(() => {
  upstream.requests.length = 0;
});

interface StalledClient {
  socket: Socket;
  /** Reads what reached the client, once it starts reading, until the server has closed the connection. */
  readAll(): Promise<Buffer>;
}

/** Sends a request and reads nothing of the answer until told. */
function stalledClient(path: string, caller: string, origin = front.origin): StalledClient {
  const { hostname, port } = new URL(origin);
  const socket = connect(Number(port), hostname);
  socket.pause();
  socket.on('error', () => undefined);
  socket.write(
    `GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer t\r\n` +
      `X-Forwarded-For: ${caller}\r\nConnection: close\r\n\r\n`,
  );
  return {
    socket,
    readAll: () =>
      new Promise((resolve) => {
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('close', () => resolve(Buffer.concat(chunks)));
        socket.resume();
      }),
  };
}

function parse(raw: Buffer): { status: number; declared: number; bodyBytes: number; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.subarray(0, split).toString('latin1');
  const declared = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? NaN);
  const body = raw.subarray(split + 4);
  return {
    status: Number(head.split(' ')[1]),
    declared,
    bodyBytes: body.length,
    body: body.subarray(0, 2000).toString('utf8'),
  };
}

/** Sends the 50 clients, watches the relay's bytes in flight and the process's memory until all are done. */
async function fiftyStalled(path: string, callerOf: (i: number) => string) {
  const logged = () => front.requests.filter((r) => r.path === path).length;
  const before = logged();
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const clients = Array.from({ length: CLIENTS }, (_, i) => stalledClient(path, callerOf(i)));
  await vi.waitFor(
    () => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      expect(logged() - before).toBe(CLIENTS);
      expect(load.requests).toBe(0);
    },
    { timeout: HEAVY_MS, interval: 20 },
  );
  const answers = (await Promise.all(clients.map((client) => client.readAll()))).map(parse);
  return { answers, growthMb: (rssPeak - rssBefore) / MB };
}

function expectCutOffOrBusy(answers: ReturnType<typeof parse>[]) {
  const cut = answers.filter((a) => a.status === 200);
  const busy = answers.filter((a) => a.status === 503);
  expect(cut.length + busy.length).toBe(CLIENTS);
  expect(cut.length).toBeGreaterThan(0);
  for (const answer of cut) {
    expect(answer.declared).toBe(ANSWER_BYTES);
    expect(answer.bodyBytes).toBeLessThan(ANSWER_BYTES);
  }
  for (const answer of busy)
    expect(JSON.parse(answer.body)).toMatchObject({ status: 503, error: 'relay_busy' });
  return { cut: cut.length, busy: busy.length };
}

async function expectRelayingAgain() {
  expect(load.bytes).toBe(0);
  const res = await send(front.origin, {
    path: '/relay/echo/api/auth/getuser',
    headers: { 'X-Forwarded-For': newCaller(), Authorization: 'Bearer t' },
  });
  expect(res.status).toBe(200);
}

/** The 50 stalled clients: each cut off or told the relay is busy, memory bounded, and the relay serving after. */
async function expectFiftyStalledBounded(path: string, callerOf: (i: number) => string) {
  const { answers, growthMb } = await fiftyStalled(path, callerOf);
  const counts = expectCutOffOrBusy(answers);
  expect(growthMb).toBeLessThan(250);
  await expectRelayingAgain();
  return counts;
}

describe('memory held for answers in flight is bounded', () => {
  it(
    '50 callers that never read a 9 MB answer: bytes held stay under the bound, and each is cut off',
    async () => {
      await expectFiftyStalledBounded('/relay/echo/api/big', () => newCaller());
      expect(load.peakBytes).toBeGreaterThan(ANSWER_BYTES);
      expect(load.peakBytes).toBeLessThanOrEqual(RELAY_LIMITS.maxBytes);
    },
    HEAVY_MS,
  );

  it(
    'the same with a declared Content-Length, refused before its body is read',
    async () => {
      await expectFiftyStalledBounded('/relay/echo/api/big-declared', () => newCaller());
      expect(load.peakBytes).toBeLessThanOrEqual(RELAY_LIMITS.maxBytes);
    },
    HEAVY_MS,
  );

  it(
    '50 that never read from one caller get no more than that caller’s share',
    async () => {
      const caller = newCaller();
      const { cut } = await expectFiftyStalledBounded('/relay/echo/api/big-declared', () => caller);
      expect(cut).toBeLessThanOrEqual(Math.floor(RELAY_LIMITS.maxBytesPerCaller / ANSWER_BYTES));
    },
    HEAVY_MS,
  );

  it(
    'a client that keeps reading, but too slowly, is cut off once its time is up',
    async () => {
      // Never idle long enough to be cut off for that; a 9 MB answer must be taken within 0.3 + 2.25 s.
      const limits = {
        ...RELAY_LIMITS,
        sendIdleTimeoutMs: 60_000,
        sendGraceMs: 300,
        minSendBytesPerSecond: 4 * MB,
      };
      const deadline = limits.sendGraceMs + (ANSWER_BYTES / limits.minSendBytesPerSecond) * 1000;
      const patientLoad = new RelayLoad(limits);
      const patient = await startTestServer({
        relayLoad: patientLoad,
        config: { relayTenants: [{ name: 'echo', upstream: `${upstream.origin}/TDWebApi` }] },
      });
      const client = stalledClient('/relay/echo/api/big-declared', newCaller(), patient.origin);
      // 64 KB every 100 ms, which would take 14 s, until the server has cut it off.
      let trickle = true;
      const received = new Promise<number>((resolve) => {
        let bytes = 0;
        client.socket.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (!trickle) return;
          client.socket.pause();
          setTimeout(() => client.socket.resume(), 100);
        });
        client.socket.on('close', () => resolve(bytes));
        client.socket.resume();
      });
      // The request log's line is written when the server closed the exchange, with the time it took.
      const exchange = await vi.waitFor(
        () => {
          expect(patient.requests).toHaveLength(1);
          return patient.requests[0]!;
        },
        { timeout: HEAVY_MS, interval: 50 },
      );
      trickle = false;
      expect(exchange.status).toBe(200);
      expect(exchange.ms).toBeGreaterThan(deadline - 50);
      expect(exchange.ms).toBeLessThan(14_000);
      // What the system had taken still reaches the client, and then the connection ends, short of the whole.
      expect(await received).toBeLessThan(ANSWER_BYTES);
      expect(patientLoad.requests).toBe(0);
      expect(patientLoad.bytes).toBe(0);
      await patient.stop(true);
    },
    HEAVY_MS,
  );

  it('a client that reads gets the whole 9 MB', async () => {
    const client = stalledClient('/relay/echo/api/big', newCaller());
    const answer = parse(await client.readAll());
    expect(answer.status).toBe(200);
    expect(answer.declared).toBe(ANSWER_BYTES);
    expect(answer.bodyBytes).toBe(ANSWER_BYTES);
    await vi.waitFor(() => expect(load.requests).toBe(0));
    expect(load.bytes).toBe(0);
  });
});

describe('requests in flight per caller are bounded', () => {
  it(`a caller's request beyond ${RELAY_LIMITS.maxRequestsPerCaller} in flight is a 503 relay_busy with Retry-After`, async () => {
    const caller = newCaller();
    const hold = (who: string) =>
      send(front.origin, { path: '/relay/echo/api/hold', headers: { 'X-Forwarded-For': who } });
    const pending = Array.from({ length: RELAY_LIMITS.maxRequestsPerCaller }, () => hold(caller));
    await vi.waitFor(() => expect(held).toHaveLength(RELAY_LIMITS.maxRequestsPerCaller));

    const refused = await hold(caller);
    const body = expectApiError(refused, 503, 'relay_busy');
    expect(body.message).toMatch(/in flight/);
    expect(refused.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(held).toHaveLength(RELAY_LIMITS.maxRequestsPerCaller);

    const other = hold(newCaller());
    await vi.waitFor(() => expect(held).toHaveLength(RELAY_LIMITS.maxRequestsPerCaller + 1));
    for (const res of held) res.end('{}');
    held = [];
    expect((await Promise.all([...pending, other])).map((r) => r.status)).toEqual(
      Array(RELAY_LIMITS.maxRequestsPerCaller + 1).fill(200),
    );
    await vi.waitFor(() => expect(load.requests).toBe(0));
    const again = hold(caller);
    await vi.waitFor(() => expect(held).toHaveLength(1));
    held[0]!.end('{}');
    held = [];
    expect((await again).status).toBe(200);
  });
});
