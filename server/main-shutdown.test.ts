import { existsSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChildServer } from './testing/child-server.ts';
import { processFixture } from './testing/process-fixture.ts';
import { DEMO } from './testing/start-server.ts';
import { DB_FILE_NAME } from './store/db.ts';

/** The server as an operator stops it: SIGTERM to `node --import tsx server/main.ts`. */
const { start } = processFixture();

function exitCode(child: ChildServer): Promise<number | null> {
  return child.exited.then(() => child.process.exitCode);
}

/** Opens a raw connection and sends a login's headers and the first half of its body. */
function halfSentLogin(origin: string): Promise<{ socket: Socket; rest: Buffer; answer: Promise<string> }> {
  const body = Buffer.from(JSON.stringify({ username: DEMO.jdoe, password: DEMO.password }));
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `POST /TDWebApi/api/auth/login HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      socket.write(body.subarray(0, 10));
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      const answer = new Promise<string>((done) => socket.once('close', () => done(text)));
      resolve({ socket, rest: body.subarray(10), answer });
    });
    socket.once('error', reject);
  });
}

function refused(origin: string): Promise<boolean> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

function printed(child: ChildServer, text: string): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!child.output().includes(text)) return;
      child.process.stdout?.off('data', check);
      resolve();
    };
    child.process.stdout?.on('data', check);
    check();
  });
}

describe('SIGTERM', () => {
  it('stops accepting, lets a sign-in in flight finish with its token, closes the database and exits 0', async () => {
    const server = await start();
    const dataDir = server.output().match(/Data directory: (\S+)/)![1]!;
    // An idle keep-alive connection must not hold the shutdown up.
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
    const inFlight = await halfSentLogin(server.origin);
    server.process.kill('SIGTERM');
    await printed(server, 'Stopping');
    expect(await refused(server.origin)).toBe(true);
    expect(server.process.exitCode).toBeNull();
    inFlight.socket.write(inFlight.rest);
    const answer = await inFlight.answer;
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer).toMatch(/\r\n\r\n[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await exitCode(server)).toBe(0);
    // A cleanly closed SQLite database in WAL mode leaves no write-ahead log behind.
    expect(existsSync(join(dataDir, DB_FILE_NAME))).toBe(true);
    expect(existsSync(join(dataDir, `${DB_FILE_NAME}-wal`))).toBe(false);
  }, 60_000);
});
