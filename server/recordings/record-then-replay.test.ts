import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config-error.ts';
import { controlCall } from '../testing/control-client.ts';
import { getWithAuth } from '../testing/requests.ts';
import { SANDBOX_TOKEN, startStandInTenant, type StandInTenant } from '../testing/stand-in-tenant.ts';
import { DEMO, login, startTestServer } from '../testing/start-server.ts';
import { ManualClock } from '../testing/manual-clock.ts';
import { parseRecording } from './recording-file.ts';

const sandbox = `Bearer ${SANDBOX_TOKEN}`;
const DAY = 86_400_000;
const titleOf = (text: string) => (JSON.parse(text) as { Title: string }).Title;

let tenant: StandInTenant;
beforeAll(async () => {
  tenant = await startStandInTenant();
});
afterAll(() => tenant.stop());

/** Records through the relay of a server with the emulator off, as an integrator records a sandbox. */
async function recording(config: Record<string, unknown>, calls: (relay: string) => Promise<void>) {
  const dir = join(mkdtempSync(join(tmpdir(), 'record-replay-')), 'recordings');
  const recorder = await startTestServer({
    config: {
      emulator: false,
      relayTenants: [{ name: 'sandbox', upstream: tenant.base }],
      recordDir: dir,
      ...config,
    },
  });
  try {
    await calls(`${recorder.origin}/relay/sandbox/api/30`);
    await recorder.app.recordingsSettled();
    return { dir, logs: recorder.logs };
  } finally {
    await recorder.stop(true);
  }
}

async function replaying(dir: string, config: Record<string, unknown> = {}, clock?: ManualClock) {
  const server = await startTestServer({
    config: { replayDir: dir, rateLimit: 100, emulatorControl: { token: null }, ...config },
    ...(clock ? { clock } : {}),
  });
  return { server, bearer: `Bearer ${await login(server.api, DEMO.jdoe)}` };
}

describe('an answer that is not a success, met while recording', () => {
  it('never replaces a recorded success: the log names the call and its status, and replay answers the success', async () => {
    const { dir, logs } = await recording({}, async (relay) => {
      expect((await getWithAuth(`${relay}/tickets/13`, sandbox)).status).toBe(200);
      tenant.scripted.set('GET /api/30/tickets/13', { status: 500, body: { json: { Message: 'Oops' } } });
      expect((await getWithAuth(`${relay}/tickets/13`, sandbox)).status).toBe(500);
      // The tenant's limit runs out: another job shares it.
      tenant.scripted.set('GET /api/30/tickets/13', {
        status: 429,
        body: { json: { Message: 'Rate limit exceeded.' } },
        headers: { 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': 'Mon, 02 Mar 2026 12:00:30 GMT' },
      });
      expect((await getWithAuth(`${relay}/tickets/13`, sandbox)).status).toBe(429);
      tenant.scripted.delete('GET /api/30/tickets/13');
    });
    const [file] = readdirSync(dir);
    expect(parseRecording(readFileSync(join(dir, file!), 'utf8')).answers.map((a) => a.status)).toEqual([
      200,
    ]);
    for (const status of [429, 500]) {
      expect(logs).toContain(
        `record: kept ${file}: GET /api/30/tickets/13 answered ${status}, and an answer that is not a success never replaces a recorded success`,
      );
    }
    const { server, bearer } = await replaying(dir);
    try {
      const res = await getWithAuth(`${server.api}/30/tickets/13`, bearer);
      expect(res.status).toBe(200);
      expect(titleOf(res.text)).toBe('Ticket 13');
    } finally {
      await server.stop(true);
    }
  });

  it('is recorded on purpose when the call has no success; replayed, a 429 says how long to wait, agreeing with its reset', async () => {
    const { dir } = await recording({}, async (relay) => {
      tenant.scripted.set('GET /api/30/tickets/429', {
        status: 429,
        body: { json: { Message: 'Rate limit exceeded.' } },
        // Recorded at 12:00:00 by the test clock: the tenant asked for 30 s.
        headers: {
          'X-RateLimit-Limit': '60',
          'X-RateLimit-Remaining': '0',
          'X-RateLimit-Reset': 'Mon, 02 Mar 2026 12:00:30 GMT',
        },
      });
      expect((await getWithAuth(`${relay}/tickets/429`, sandbox)).status).toBe(429);
      tenant.scripted.delete('GET /api/30/tickets/429');
    });
    const { server, bearer } = await replaying(dir);
    try {
      server.clock.advance(7_250);
      const res = await getWithAuth(`${server.api}/30/tickets/429`, bearer);
      expect(res.status).toBe(429);
      expect(res.headers['x-emulator-replayed']).toBe('1');
      expect(res.headers['x-ratelimit-remaining']).toBe('0');
      expect(res.headers['retry-after']).toBe('30');
      const reset = Date.parse(String(res.headers['x-ratelimit-reset']));
      expect((reset - Date.parse(String(res.headers.date))) / 1000).toBe(30);
    } finally {
      await server.stop(true);
    }
  });
});

describe('RECORD_SEQUENCES: a call answered otherwise as it is recorded again', () => {
  it('keeps its answers in order, each once, and replays them so, the last repeating, until a control reset', async () => {
    const { dir } = await recording({ recordSequences: true }, async (relay) => {
      tenant.title = 'Printer on fire';
      await getWithAuth(`${relay}/tickets/12`, sandbox);
      await getWithAuth(`${relay}/tickets/12`, sandbox);
      tenant.title = 'Printer mended';
      await getWithAuth(`${relay}/tickets/12`, sandbox);
    });
    tenant.title = 'Printer on fire';
    const [file] = readdirSync(dir);
    const recorded = parseRecording(readFileSync(join(dir, file!), 'utf8'));
    expect(recorded.answers.map((answer) => answer.body)).toMatchObject([
      { json: { Title: 'Printer on fire' } },
      { json: { Title: 'Printer mended' } },
    ]);
    const { server, bearer } = await replaying(dir);
    try {
      const titles = async (count: number) => {
        const seen: string[] = [];
        for (let i = 0; i < count; i++)
          seen.push(titleOf((await getWithAuth(`${server.api}/30/tickets/12`, bearer)).text));
        return seen;
      };
      expect(await titles(3)).toEqual(['Printer on fire', 'Printer mended', 'Printer mended']);
      expect((await controlCall(server.origin, 'POST', '/reset')).status).toBe(200);
      expect(await titles(2)).toEqual(['Printer on fire', 'Printer mended']);
    } finally {
      await server.stop(true);
    }
  });
});

describe('recording times', () => {
  let dir: string;
  beforeAll(async () => {
    ({ dir } = await recording({}, async (relay) => {
      await getWithAuth(`${relay}/tickets/12`, sandbox);
    }));
    // A file written before recording times: format 1, no recordedAt.
    writeFileSync(
      join(dir, 'get-api-30-tickets-14-old.json'),
      JSON.stringify({
        recording: 1,
        request: { method: 'GET', path: '/api/30/tickets/14', query: [], body: null, id: 'a'.repeat(64) },
        answer: { status: 200, contentType: 'application/json', rateLimit: {}, body: { json: { ID: 14 } } },
      }),
    );
  });

  it('are written with each answer, by the server clock', () => {
    const file = readdirSync(dir).find((name) => name.startsWith('get-api-30-tickets-12-'))!;
    expect(parseRecording(readFileSync(join(dir, file), 'utf8')).answers[0]!.recordedAt).toBe(
      '2026-03-02T12:00:00.000Z',
    );
  });

  it('older than REPLAY_MAX_AGE are named at start (a file without one counts as older), or stop it with REPLAY_TOO_OLD=refuse', async () => {
    const later = new ManualClock(Date.parse('2026-03-02T12:00:00Z') + 40 * DAY);
    const { server } = await replaying(dir, { replayMaxAgeMs: 30 * DAY }, later);
    try {
      expect(server.app.replay?.loaded).toBe(2);
      const [line] = server.app.replay!.tooOld;
      expect(line).toMatch(/^2 older than REPLAY_MAX_AGE \(30d\): /);
      expect(line).toContain('get-api-30-tickets-14-old.json (no recording time)');
      expect(line).toMatch(/get-api-30-tickets-12-\w+\.json \(recorded 2026-03-02T12:00:00\.000Z\)/);
    } finally {
      await server.stop(true);
    }
    const young = await replaying(dir, { replayMaxAgeMs: 60 * DAY }, later);
    expect(young.server.app.replay?.tooOld).toEqual([
      '1 older than REPLAY_MAX_AGE (60d): get-api-30-tickets-14-old.json (no recording time)',
    ]);
    await young.server.stop(true);
    await expect(
      startTestServer({
        config: { replayDir: dir, replayMaxAgeMs: 30 * DAY, replayTooOld: 'refuse' },
        clock: later,
      }),
    ).rejects.toThrow(ConfigError);
  });
});

describe('a masked value on replay', () => {
  it('matches any value: the recording never held it, so any key a caller sends is the same call', async () => {
    const { dir } = await recording({}, async (relay) => {
      await getWithAuth(`${relay}/tickets/12?apikey=the-sandbox-key-1&expand=true`, sandbox);
    });
    const text = readFileSync(join(dir, readdirSync(dir)[0]!), 'utf8');
    expect(text).not.toContain('the-sandbox-key-1');
    const { server, bearer } = await replaying(dir);
    try {
      const res = await getWithAuth(`${server.api}/30/tickets/12?expand=true&apikey=another-key`, bearer);
      expect(res.status).toBe(200);
      expect((await getWithAuth(`${server.api}/30/tickets/12?expand=false&apikey=x`, bearer)).status).toBe(
        404,
      );
    } finally {
      await server.stop(true);
    }
  });
});
