import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, login, startTestServer, type TestServer } from './start-server.ts';

describe('test server harness', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop(true));

  it('signs in jdoe and reads the record back', async () => {
    const token = await login(server.api, DEMO.jdoe);
    const res = await fetch(`${server.api}/auth/getuser`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { UserName: string }).UserName).toBe(DEMO.jdoe);
  });
});
