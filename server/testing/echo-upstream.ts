import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface RecordedRequest {
  method: string;
  /** The request target exactly as it arrived. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export type EchoHandler = (req: IncomingMessage, res: ServerResponse, recorded: RecordedRequest) => void;

export interface EchoUpstream {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /** Every request that reached it, in order. */
  requests: RecordedRequest[];
  stop(): Promise<void>;
}

/** Answers 200 JSON describing the request: method, target, headers and body length. */
const echo: EchoHandler = (_req, res, recorded) => {
  const text = JSON.stringify({
    method: recorded.method,
    url: recorded.url,
    headers: recorded.headers,
    bodyLength: recorded.body.length,
  });
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(text);
};

/**
 * A tiny node:http upstream that records every request whole (headers as they arrived, body) and answers with
 * the handler for its path, or the echo.
 */
export async function startEchoUpstream(routes: Record<string, EchoHandler> = {}): Promise<EchoUpstream> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      const path = recorded.url.split('?')[0]!;
      (routes[path] ?? echo)(req, res, recorded);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The upstream as two relay tenants: `echo` relays to its /TDWebApi base, `root` to its origin. */
export const echoTenants = (upstream: EchoUpstream) => [
  { name: 'echo', upstream: `${upstream.origin}/TDWebApi` },
  { name: 'root', upstream: upstream.origin },
];
