import { afterEach, describe, expect, it } from 'vitest';
import { send } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-server.ts';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop(true);
});

async function hsts(config: Parameters<typeof startTestServer>[0]) {
  const server = await startTestServer(config);
  servers.push(server);
  const answers = await Promise.all(
    ['/healthz', '/TDWebApi/api/auth/getuser', '/relay', '/no-such-file.js'].map((path) =>
      send(server.origin, { path }),
    ),
  );
  return answers.map((res) => res.headers['strict-transport-security']);
}

describe('Strict-Transport-Security over plain http', () => {
  it('is sent on every answer when PUBLIC_ORIGIN is https: a proxy in front terminates TLS', async () => {
    const sent = await hsts({ config: { publicOrigin: 'https://console.example.edu' } });
    expect(sent).toEqual(Array(4).fill('max-age=31536000'));
  });

  it('is not sent when browsers reach the server over http', async () => {
    expect(await hsts({})).toEqual(Array(4).fill(undefined));
    expect(await hsts({ config: { publicOrigin: 'http://localhost:5173' } })).toEqual(
      Array(4).fill(undefined),
    );
  });
});
