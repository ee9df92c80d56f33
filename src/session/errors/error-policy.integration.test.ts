// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { claimsFor, sign } from '../../../server/testing/jwt.ts';
import { DEMO, login, startTestServer, type TestServer } from '../../../server/testing/start-server.ts';
import { createApiClient, type RateLimitBook } from '@/lib/api-client';
import { ApiHttpError } from '@/lib/api-errors';
import { decodeToken } from '@/lib/jwt';
import { createErrorPolicy, type ErrorDecision } from './error-policy';

/** jdoe's UID in the demo realm. */
const JDOE_UID = 'c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8';
const PERSON = `/api/people/${JDOE_UID}`;
const T0 = Date.parse('2026-03-02T12:00:00Z');

let server: TestServer;
/** What the server received, as "METHOD /path", whoever sent it. */
let received: string[];

beforeAll(async () => {
  server = await startTestServer({ config: { rateLimit: 1000 } });
  server.app.server.on('request', (req: { method?: string; url?: string }) => {
    received.push(`${req.method} ${req.url}`);
  });
});

afterAll(async () => {
  await server.stop(true);
});

beforeEach(() => {
  server.clock.set(T0);
  received = [];
});

const receivedOf = (path: string) => received.filter((r) => r.endsWith(path)).length;

/**
 * The console's client and error policy as the app wires them (see client/session-error-policy.ts), against the real emulator: the
 * session is a token, "server now" is the emulator's clock, the probe is one real getuser.
 */
function consoleFor(token: string | null, options: { beforeSend?: () => void } = {}) {
  let session = token === null ? null : { token, expiresAt: decodeToken(token)!.expiresAt! };
  const serverNow = () => server.clock.now();
  const sent: string[] = [];
  const rates = new Map<string, number>();
  const rateLimits: RateLimitBook = {
    record: () => {},
    blockedUntil: (_base, method) => rates.get(method) ?? null,
    block: (_base, method, until) => void rates.set(method, until),
  };
  const client = createApiClient({
    baseUrl: () => `${server.origin}/TDWebApi`,
    session: () => session,
    serverNow,
    rateLimits,
    fetch: (input, init) => {
      // The client always passes the URL as a string.
      sent.push(`${init?.method ?? 'GET'} ${new URL(input as string).pathname}`);
      options.beforeSend?.();
      return fetch(input, init);
    },
  });
  const probes: boolean[] = [];
  const signOuts: string[] = [];
  const policy = createErrorPolicy({
    isExpired: () => session === null || serverNow() >= session.expiresAt,
    sessionKey: () => session?.token ?? null,
    probe: async () => {
      try {
        await client.send({ method: 'GET', path: '/api/auth/getuser' });
        probes.push(true);
        return true;
      } catch (error) {
        probes.push(false);
        if (error instanceof ApiHttpError && error.status === 401) return false;
        throw error;
      }
    },
    signOut: (reason) => {
      signOuts.push(reason);
      session = null;
    },
  });
  /** One call through the client; a failure goes to the policy, as the query cache's onError does. */
  async function call(path: string): Promise<ErrorDecision | 'ok'> {
    try {
      await client.send({ method: 'GET', path });
      return 'ok';
    } catch (error) {
      return policy.decide(error);
    }
  }
  return { call, sent, probes, signOuts, session: () => session };
}

describe('the error policy against a real emulator', () => {
  it("reads asmith's 401 on a person (no TDPeople) as no permission, after one getuser probe, keeping the session", async () => {
    const tab = consoleFor(await login(server.api, DEMO.asmith));
    received = [];

    const decision = await tab.call(PERSON);

    expect(decision).toEqual({
      kind: 'forbidden',
      message: 'You do not have permission for this action.',
      signOut: null,
    });
    expect(tab.probes).toEqual([true]);
    expect(tab.signOuts).toEqual([]);
    expect(tab.session()).not.toBeNull();
    expect(received).toEqual([`GET /TDWebApi${PERSON}`, 'GET /TDWebApi/api/auth/getuser']);
  });

  it('makes one probe and no replay for 20 parallel 401s', async () => {
    const tab = consoleFor(await login(server.api, DEMO.asmith));
    received = [];

    const decisions = await Promise.all(Array.from({ length: 20 }, () => tab.call(PERSON)));

    expect(decisions.every((d) => d !== 'ok' && d.kind === 'forbidden' && d.signOut === null)).toBe(true);
    expect(tab.probes).toHaveLength(1);
    expect(receivedOf('/api/auth/getuser')).toBe(1);
    expect(receivedOf(PERSON)).toBe(20);
    expect(tab.sent).toHaveLength(21);
    expect(tab.signOuts).toEqual([]);
  });

  it('ends the session after one probe when 20 parallel calls carry a token the server no longer accepts', async () => {
    // Well-formed and unexpired, but not signed with the emulator's key: every call gets a 401, the probe too.
    const forged = await sign(claimsFor(server, DEMO.jdoe), new Uint8Array(32).fill(7));
    const tab = consoleFor(forged);

    const decisions = await Promise.all(Array.from({ length: 20 }, () => tab.call('/api/auth/getuser')));

    expect(decisions.every((d) => d !== 'ok' && d.signOut === 'ended')).toBe(true);
    expect(tab.probes).toEqual([false]);
    expect(receivedOf('/api/auth/getuser')).toBe(21);
    expect(tab.session()).toBeNull();
    expect(new Set(tab.signOuts)).toEqual(new Set(['ended']));
  });

  it('never sends an expired token: the expired outcome, no probe, nothing reaches the server', async () => {
    const tab = consoleFor(await login(server.api, DEMO.jdoe));
    server.clock.advance(24 * 3_600_000);
    received = [];

    const decision = await tab.call('/api/auth/getuser');

    expect(decision).toEqual({
      kind: 'expired',
      message: 'Your session expired. Sign in again to continue.',
      signOut: 'expired',
    });
    expect(tab.probes).toEqual([]);
    expect(tab.signOuts).toEqual(['expired']);
    expect(received).toEqual([]);
    expect(tab.sent).toEqual([]);
  });

  it('reads a 401 that comes back after exp as expired, without a probe', async () => {
    const token = await login(server.api, DEMO.asmith);
    const exp = decodeToken(token)!.expiresAt!;
    // Sent a second before expiry; the server reads it two seconds later, after it.
    server.clock.set(exp - 1_000);
    const tab = consoleFor(token, { beforeSend: () => server.clock.advance(2_000) });
    received = [];

    const decision = await tab.call('/api/auth/getuser');

    expect(decision).toMatchObject({ kind: 'expired', signOut: 'expired' });
    expect(tab.probes).toEqual([]);
    expect(received).toEqual(['GET /TDWebApi/api/auth/getuser']);
  });

  it('confirms a working session without a probe: getuser answers the user', async () => {
    const tab = consoleFor(await login(server.api, DEMO.jdoe));
    expect(await tab.call('/api/auth/getuser')).toBe('ok');
    expect(tab.probes).toEqual([]);
  });
});
