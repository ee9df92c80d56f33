import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gracefulClose } from './graceful-close.ts';

const GRACE_MS = 5_000;

/** A server whose every answer waits until the test releases it. */
async function startHeld() {
  const held: ServerResponse[] = [];
  const arrived: (() => void)[] = [];
  const server = createServer((_req, res) => {
    held.push(res);
    arrived.shift()?.();
  });
  const close = gracefulClose(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const nextArrival = () => new Promise<void>((resolve) => arrived.push(resolve));
  return { server, close, held, port, nextArrival };
}

/** One keep-alive request on a raw socket; resolves with everything read once the server closes the socket. */
function request(port: number, path: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`);
    });
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('error', () => undefined);
    socket.once('close', () => resolve(text));
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('gracefulClose', () => {
  it('lets a request in flight finish with its answer, then closes its keep-alive connection', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { close, held, port, nextArrival } = await startHeld();
    const arrival = nextArrival();
    const answer = request(port, '/slow');
    await arrival;
    let closed = false;
    const closing = close(GRACE_MS).then(() => (closed = true));
    held[0]!.end('finished');
    // No time passes: the close completes because the request did, not because of the deadline.
    expect(await answer).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*finished$/);
    await closing;
    expect(closed).toBe(true);
  });

  it('cuts a request still unanswered when the deadline passes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { close, port, nextArrival } = await startHeld();
    const arrival = nextArrival();
    const answer = request(port, '/stuck');
    await arrival;
    let closed = false;
    const closing = close(GRACE_MS).then(() => (closed = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false);
    vi.advanceTimersByTime(GRACE_MS);
    await closing;
    expect(await answer).toBe('');
  });

  it('closes idle keep-alive connections at once and refuses new ones', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { close, held, port, nextArrival } = await startHeld();
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const arrival = nextArrival();
    socket.write('GET /first HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await arrival;
    held[0]!.end('first');
    await new Promise((resolve) => socket.once('data', resolve));
    const socketClosed = new Promise((resolve) => socket.once('close', resolve));
    await close(GRACE_MS);
    await socketClosed;
    const refused = await new Promise<string | undefined>((resolve) => {
      const again = connect(port, '127.0.0.1');
      again.once('connect', () => resolve('connected'));
      again.once('error', (error: NodeJS.ErrnoException) => resolve(error.code));
    });
    expect(refused).toBe('ECONNREFUSED');
  });
});
