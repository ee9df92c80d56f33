import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startTestServer, type TestServer, type TestServerOptions } from './start-server.ts';

/**
 * A test server for the tests of the enclosing `describe` (or file): started before them, stopped and its data
 * directory removed after them; with `each`, a fresh one for every test. The object returned is filled in as the
 * server starts, so a test reads it as it would the server itself.
 */
export function useTestServer(options: TestServerOptions = {}, { each = false } = {}): TestServer {
  const server = {} as TestServer;
  (each ? beforeEach : beforeAll)(async () => {
    Object.assign(server, await startTestServer(options));
  });
  (each ? afterEach : afterAll)(() => server.stop(true));
  return server;
}
