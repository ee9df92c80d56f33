import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startServerProcess } from '../server-process.ts';
import type { BenchContext, Row, Section, SectionResult } from '../section.ts';
import { median, round } from '../stats.ts';

/** Resets timed per realm; the figure is their median. */
const RESETS = 5;
const SIZES = [1, 100];

/** A realm of one organization whose `users` users each sign in with a password of their own. */
function realmOf(users: number): object {
  return {
    organizations: [
      {
        Name: 'Bench College',
        BEID: '11111111-2222-4333-8444-555555555555',
        BEIDInt: 7,
        AdminAccount: {
          UserName: 'svc@bench.example',
          WebServicesKey: '66666666-7777-4888-9999-000000000000',
          Active: true,
        },
        Users: Array.from({ length: users }, (_, i) => ({
          UserName: `user${i + 1}@bench.example`,
          Password: `Bench-password-${i + 1}`,
        })),
      },
    ],
  };
}

async function reset(origin: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${origin}/_emulator/reset`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{"realm": true}',
  });
  const text = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`POST /_emulator/reset answered ${res.status}: ${text}`);
  return ms;
}

/**
 * `POST /_emulator/reset {"realm": true}` against a server (real scrypt cost) started with a realm of 1 and of 100
 * password users, each its own server: what a test suite that resets before every test pays per test. The start
 * imported the realm, so these resets find every password unchanged.
 */
export const realmReset: Section = {
  key: 'realmReset',
  title: 'Realm reset: POST /_emulator/reset {"realm": true} with 1 and 100 password users',
  async run({ log }: BenchContext): Promise<SectionResult> {
    const dir = mkdtempSync(join(tmpdir(), 'auth-console-bench-realm-'));
    const rows: Row[] = [];
    const figures: Record<string, unknown> = {};
    try {
      for (const users of SIZES) {
        const realmFile = join(dir, `realm-${users}.json`);
        writeFileSync(realmFile, JSON.stringify(realmOf(users)));
        const server = await startServerProcess({ REALM_FILE: realmFile, EMULATOR_CONTROL: '1' });
        try {
          const times: number[] = [];
          for (let n = 0; n < RESETS; n++) times.push(round(await reset(server.origin), 1));
          log(`${users} password user${users === 1 ? '' : 's'}: ${times.map((ms) => `${ms} ms`).join(', ')}`);
          const ms = median(times);
          rows.push({
            figure: `realm reset, ${users} password user${users === 1 ? '' : 's'}`,
            value: `${ms.toFixed(1)} ms`,
            note: `median of ${RESETS}; the realm unchanged since the start`,
          });
          figures[`users${users}`] = { medianMs: ms, resetsMs: times };
        } finally {
          await server.stop();
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    return { rows, figures };
  },
};
