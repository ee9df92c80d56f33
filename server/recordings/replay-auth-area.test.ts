import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWithAuth } from '../testing/requests.ts';
import { DEMO, login, startTestServer, type TestServer } from '../testing/start-server.ts';

/** Spellings of the Auth area a lenient tenant may still route there; the router passes them on as they are. */
const AUTH_AREA = ['/api/auth;v=1/getuser', '/api/auth./getuser', '/api/%2561uth/getuser'];
/** As the router hands a path to replay: each segment decoded once, in lower case. */
const routed = (path: string) => path.split('/').map(decodeURIComponent).join('/').toLowerCase();

/** A recording written by hand (format 2: the request it answers, no id). */
function recording(path: string) {
  return {
    recording: 2,
    request: { method: 'GET', path: routed(path) },
    answer: {
      status: 200,
      contentType: 'application/json',
      rateLimit: {},
      body: { json: { UID: 'recorded' } },
    },
  };
}

let server: TestServer;
let token: string;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'replay-auth-'));
  for (const [index, path] of ['/api/30/widgets/1', ...AUTH_AREA].entries()) {
    writeFileSync(join(dir, `${index}.json`), JSON.stringify(recording(path)));
  }
  server = await startTestServer({ config: { replayDir: dir } });
  token = await login(server.api, DEMO.jdoe);
});
afterAll(() => server.stop(true));

describe('a recording of the Auth area, however it is spelled', () => {
  it('is never replayed: the Auth area stays the emulator’s, read as leniently as the relay reads what it records', async () => {
    const widget = await getWithAuth(`${server.origin}/TDWebApi/api/30/widgets/1`, `Bearer ${token}`);
    expect(widget.status).toBe(200);
    expect(widget.headers['x-emulator-replayed']).toBe('1');
    for (const path of AUTH_AREA) {
      const res = await getWithAuth(`${server.origin}/TDWebApi${path}`, `Bearer ${token}`);
      expect(res.headers['x-emulator-replayed'], path).toBeUndefined();
      expect(res.text, path).not.toContain('recorded');
      expect(res.status, path).toBe(404);
    }
  });
});

describe('with REPLAY_OVERRIDES=1, a recording of the Auth area', () => {
  let overriding: TestServer;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'replay-auth-overrides-'));
    for (const [index, path] of ['/api/auth/getuser', '/api/auth;v=1/getuser'].entries()) {
      writeFileSync(join(dir, `${index}.json`), JSON.stringify(recording(path)));
    }
    overriding = await startTestServer({ config: { replayDir: dir, replayOverrides: true } });
  });
  afterAll(() => overriding.stop(true));

  it('still never answers: the emulator signs in and answers getuser itself', async () => {
    const own = await login(overriding.api, DEMO.jdoe);
    for (const path of ['/api/auth/getuser', '/api/AUTH/getuser/']) {
      const res = await getWithAuth(`${overriding.origin}/TDWebApi${path}`, `Bearer ${own}`);
      expect(res.headers['x-emulator-replayed'], path).toBeUndefined();
      expect(res.status, path).toBe(200);
      expect(JSON.parse(res.text), path).toMatchObject({ UserName: DEMO.jdoe });
    }
  });
});
