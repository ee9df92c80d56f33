import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * Prepares a server for a graceful close and returns the function that performs it: stop accepting, close idle
 * keep-alive connections at once, let requests in flight finish (their connections close after the answer),
 * and after `graceMs` cut whatever is left. Resolves once every connection is closed.
 */
export function gracefulClose(server: Server): (graceMs: number) => Promise<void> {
  let closing = false;
  const release = () => setImmediate(() => server.closeIdleConnections());
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (closing) res.setHeader('Connection', 'close');
    res.once('close', () => {
      if (closing) release();
    });
  });
  return (graceMs) =>
    new Promise((resolve) => {
      closing = true;
      const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
      server.close(() => {
        clearTimeout(deadline);
        resolve();
      });
      server.closeIdleConnections();
    });
}
