import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
};

export interface BuiltPage {
  origin: string;
  /** Stops the server and removes the build. */
  close: () => Promise<void>;
}

/**
 * Serves a page the benchmark built into `outDir` on a free local port: `answers` (path → JSON text) first, then
 * the build's files, `/` being its index.html. Closing stops the server and removes `outDir`.
 */
export async function serveBuiltPage(
  outDir: string,
  answers: Record<string, string> = {},
): Promise<BuiltPage> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const answer = answers[path];
    if (answer !== undefined) {
      response.writeHead(200, { 'Content-Type': TYPES['.json'] }).end(answer);
      return;
    }
    const file = normalize(join(outDir, path === '/' ? 'index.html' : path));
    if (!file.startsWith(outDir)) {
      response.writeHead(404).end();
      return;
    }
    try {
      const body = readFileSync(file);
      response
        .writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' })
        .end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
        rmSync(outDir, { recursive: true, force: true });
      }),
  };
}
