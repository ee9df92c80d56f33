import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectApiError } from '../testing/api-error.ts';
import type { RawResponse } from '../testing/http-client.ts';
import { post } from '../testing/requests.ts';
import { DEMO, startTestServer } from '../testing/start-server.ts';
import { makeTempDist, TEMP_DIST } from '../testing/temp-dist.ts';
import { HashQueue } from './hash-queue.ts';

/** A hash that finishes when told to. */
function controlled() {
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { finish, hash: () => done };
}

describe('the password hash queue', () => {
  it('runs a bounded number at once, keeps a bounded number waiting, and turns the rest away', async () => {
    const queue = new HashQueue({ running: 2, waiting: 3, perCaller: 5 });
    const started: number[] = [];
    const hashes = Array.from({ length: 5 }, () => controlled());
    const runs = hashes.map((hash, i) =>
      queue.run(`caller-${i}`, () => {
        started.push(i);
        return hash.hash();
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(queue.hasRoomFor('someone-else')).toBe(false);
    await expect(queue.run('someone-else', () => Promise.resolve())).rejects.toThrow(/full/);
    hashes[1]!.finish();
    await runs[1];
    expect(started).toEqual([0, 1, 2]);
    expect(queue.hasRoomFor('someone-else')).toBe(true);
    for (const hash of hashes) hash.finish();
    await Promise.all(runs);
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });

  it('gives one caller at most its share of places, and the share back as its hashes end', async () => {
    const queue = new HashQueue({ running: 2, waiting: 16, perCaller: 4 });
    const hashes = Array.from({ length: 4 }, () => controlled());
    const runs = hashes.map((hash) => queue.run('flooder', hash.hash));
    await Promise.resolve();
    expect(queue.hasRoomFor('flooder')).toBe(false);
    await expect(queue.run('flooder', () => Promise.resolve())).rejects.toThrow(/full/);
    // Everybody else still has the rest of the queue.
    expect(queue.hasRoomFor('bystander')).toBe(true);
    const bystander = controlled();
    const bystanderRun = queue.run('bystander', bystander.hash);
    hashes[0]!.finish();
    await runs[0];
    expect(queue.hasRoomFor('flooder')).toBe(true);
    for (const hash of [...hashes, bystander]) hash.finish();
    await Promise.all([...runs, bystanderRun]);
    expect(queue.hasRoomFor('flooder')).toBe(true);
  });

  it('gives the share back when a hash fails', async () => {
    const queue = new HashQueue({ running: 1, waiting: 1, perCaller: 1 });
    await expect(queue.run('caller', () => Promise.reject(new Error('scrypt failed')))).rejects.toThrow(
      /scrypt/,
    );
    expect(queue.hasRoomFor('caller')).toBe(true);
    await expect(queue.run('caller', () => Promise.resolve(7))).resolves.toBe(7);
  });

  it('a full queue answers 429 rate_limited with Retry-After, and the console files are served meanwhile', async () => {
    const distDir = makeTempDist();
    // Costly hashes, so that the sign-ins below are still waiting while the file is asked for.
    const server = await startTestServer({
      config: { rateLimit: 1000, distDir },
      scryptCost: { log2N: 14, r: 8, p: 1 },
    });
    try {
      let settled = 0;
      let firstRefusal!: () => void;
      const refused = new Promise<void>((resolve) => (firstRefusal = resolve));
      const signIns = Array.from({ length: 40 }, (_, i) =>
        post(`${server.api}/auth/login`, { UserName: `nobody-${i}`, Password: 'wrong' }).then(
          (answer: RawResponse) => {
            settled++;
            if (answer.status === 429) firstRefusal();
            return answer;
          },
        ),
      );
      await Promise.race([refused, Promise.all(signIns)]);
      const file = await fetch(`${server.origin}/assets/app-abc123.js`);
      expect(file.status).toBe(200);
      expect(await file.text()).toBe(TEMP_DIST.script);
      expect(settled).toBeLessThan(40);
      const answers = await Promise.all(signIns);
      const busy = answers.filter((answer) => answer.status === 429);
      expect(busy.length).toBeGreaterThan(0);
      for (const answer of busy) {
        expect(expectApiError(answer, 429, 'rate_limited').message).toMatch(/busy/);
        expect(answer.headers['retry-after']).toBe('1');
      }
      for (const answer of answers.filter((answer) => answer.status !== 429)) {
        expectApiError(answer, 401, 'invalid_credentials');
      }
    } finally {
      await server.stop(true);
      rmSync(distDir, { recursive: true, force: true });
    }
  }, 30_000);

  it('one caller flooding sign-ins leaves room for another caller to sign in', async () => {
    const server = await startTestServer({
      config: { rateLimit: 1000, trustedProxies: ['127.0.0.1'] },
      scryptCost: { log2N: 14, r: 8, p: 1 },
    });
    try {
      const from = (address: string) => ({ 'X-Forwarded-For': address });
      let firstRefusal!: () => void;
      const refused = new Promise<void>((resolve) => (firstRefusal = resolve));
      const flood = Array.from({ length: 40 }, (_, i) =>
        post(
          `${server.api}/auth/login`,
          { UserName: `nobody-${i}`, Password: 'wrong' },
          from('203.0.113.9'),
        ).then((answer) => {
          if (answer.status === 429) firstRefusal();
          return answer;
        }),
      );
      await refused;
      const bystander = await post(
        `${server.api}/auth/login`,
        { UserName: DEMO.jdoe, Password: DEMO.password },
        from('198.51.100.7'),
      );
      expect(bystander.status).toBe(200);
      const answers = await Promise.all(flood);
      expect(answers.every((answer) => answer.status === 401 || answer.status === 429)).toBe(true);
    } finally {
      await server.stop(true);
    }
  }, 30_000);
});
