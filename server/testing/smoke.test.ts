import { describe, expect, it } from 'vitest';
import { DEMO, login } from './start-server.ts';
import { useTestServer } from './use-test-server.ts';

describe('test server harness', () => {
  const server = useTestServer();

  it('signs in jdoe and reads the record back', async () => {
    const token = await login(server.api, DEMO.jdoe);
    const res = await fetch(`${server.api}/auth/getuser`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { UserName: string }).UserName).toBe(DEMO.jdoe);
  });
});
