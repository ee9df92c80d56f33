import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const ROOT = resolve(import.meta.dirname, 'json-tree');
const SRC = resolve(import.meta.dirname, '../src');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

export interface JsonTreePage {
  origin: string;
  close: () => Promise<void>;
}

/**
 * Builds bench/json-tree (the console's JsonTree alone, production build) and serves it on a free local port,
 * with `answer` at /answer.json. Closing stops the server and removes the build.
 */
export async function serveJsonTreePage(answer: string): Promise<JsonTreePage> {
  const outDir = mkdtempSync(join(tmpdir(), 'json-tree-bench-'));
  await build({
    root: ROOT,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: { '@': SRC } },
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 1024, target: 'es2022' },
  });
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/answer.json') {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(answer);
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
        rmSync(outDir, { recursive: true, force: true });
      }),
  };
}
