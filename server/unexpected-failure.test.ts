import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOwnClient } from './idp/own-client.ts';
import { RelayLoad, type RelaySlot } from './relay/load.ts';
import { expectApiError } from './testing/api-error.ts';
import { startEchoUpstream, type EchoUpstream } from './testing/echo-upstream.ts';
import { send, type RawResponse } from './testing/http-client.ts';
import { DEMO, login, startTestServer, type TestServer } from './testing/start-server.ts';

/** Ids in the paths below, which the log must show as `:id`. */
const UID = 'c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8';
const USER_NAME = 'nobody-0123456789abcdefghij';

/** The relay's bounds, broken: a bug in the relay's own code, met while it handles a request. */
class BrokenLoad extends RelayLoad {
  override admit(): RelaySlot | null {
    throw new TypeError('broken relay load');
  }
}

interface LogLine {
  level: string;
  msg: string;
}

let server: TestServer;
let upstream: EchoUpstream;

beforeAll(async () => {
  upstream = await startEchoUpstream();
  server = await startTestServer({
    config: {
      emulatorControl: { token: null },
      relayTenants: [{ name: 'echo', upstream: `${upstream.origin}/TDWebApi` }],
    },
    relayLoad: new BrokenLoad(),
  });
});
afterAll(async () => {
  await server.stop(true);
  await upstream.stop();
});

/** The lines logged while `request` ran, parsed. */
async function linesDuring(request: () => Promise<RawResponse>) {
  const before = server.lines.length;
  const res = await request();
  return { res, lines: server.lines.slice(before).map((line) => JSON.parse(line) as LogLine) };
}

/** Makes the queries on `table` fail (a bug in the store, as far as a handler can tell) while `work` runs. */
async function without<T>(table: string, work: () => Promise<T>): Promise<T> {
  server.app.db.exec(`ALTER TABLE ${table} RENAME TO ${table}_away`);
  try {
    return await work();
  } finally {
    server.app.db.exec(`ALTER TABLE ${table}_away RENAME TO ${table}`);
  }
}

describe('an unexpected failure, wherever it happens', () => {
  const answers: { where: string; body: unknown }[] = [];

  it.each([
    {
      where: 'the emulated API',
      logged: 'GET /TDWebApi/api/people/:id',
      request: async () => {
        const token = await login(server.api, DEMO.jdoe);
        return without('users', () =>
          send(server.origin, {
            path: `/TDWebApi/api/people/${UID}`,
            headers: { Authorization: `Bearer ${token}` },
          }),
        );
      },
    },
    {
      where: 'the control API',
      logged: 'PATCH /_emulator/users/:id',
      request: () =>
        without('users', () =>
          send(server.origin, {
            method: 'PATCH',
            path: `/_emulator/users/${USER_NAME}`,
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ active: false }),
          }),
        ),
    },
    {
      where: 'the relay',
      logged: 'GET /relay/echo/api/people/:id',
      request: () => send(server.origin, { path: `/relay/echo/api/people/${UID}` }),
    },
  ])('in $where: the generic 500, and one error line with the ids masked', async (call) => {
    const { res, lines } = await linesDuring(call.request);
    expectApiError(res, 500, 'internal_error');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    answers.push({ where: call.where, body: JSON.parse(res.text) as unknown });

    const errors = lines.filter((line) => line.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.msg.startsWith(`internal error on ${call.logged}: `), errors[0]!.msg).toBe(true);
    // Its type and stack frames, never its message, and never an id of the path.
    expect(errors[0]!.msg).toMatch(/: (SqliteError|TypeError)\n {4}at /);
    expect(errors[0]!.msg).not.toMatch(/broken relay load|no such table/);
    expect(lines.map((line) => line.msg).join('\n')).not.toContain(UID);
    expect(lines.map((line) => line.msg).join('\n')).not.toContain(USER_NAME);
    // No warning besides: the one line is the failure's.
    expect(lines.filter((line) => line.level === 'warn')).toEqual([]);
    const [method, path] = call.logged.split(' ');
    expect(server.requests.at(-1)).toMatchObject({ method, path, status: 500 });
  });

  it('answered the same body in all three', () => {
    expect(answers.map((answer) => answer.where)).toEqual([
      'the emulated API',
      'the control API',
      'the relay',
    ]);
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
  });

  it('in the embedded provider: its own error answer, and one error line', async () => {
    const { clientId, clientSecret } = loadOwnClient(server.app.db);
    // The provider is built on first use: built now, its failure below is its own, not its building's.
    expect((await send(server.origin, { path: '/idp/.well-known/openid-configuration' })).status).toBe(200);
    const { res, lines } = await linesDuring(() =>
      without('idp_store', () =>
        send(server.origin, {
          method: 'POST',
          path: '/idp/token',
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
          },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code: 'c'.repeat(43),
            code_verifier: 'v'.repeat(43),
            redirect_uri: `${server.origin}/TDWebApi/api/auth/loginsso/callback`,
          }).toString(),
        }),
      ),
    );
    expect(res.status, res.text).toBe(500);
    expect(JSON.parse(res.text)).toMatchObject({ error: 'server_error' });
    const errors = lines.filter((line) => line.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.msg).toMatch(/^internal error on POST \/idp\/token: SqliteError\n {4}at /);
    expect(lines.filter((line) => line.level === 'warn')).toEqual([]);
  });

  it('goes on serving', async () => {
    expect((await send(server.origin, { path: '/healthz' })).status).toBe(200);
    expect(await login(server.api, DEMO.jdoe)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });
});
