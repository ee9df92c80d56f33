import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { serveBuiltPage, type BuiltPage } from './built-page-server.ts';

const ROOT = resolve(import.meta.dirname, 'json-tree');
const SRC = resolve(import.meta.dirname, '../src');

/**
 * Builds bench/json-tree (the console's JsonTree alone, production build) and serves it on a free local port,
 * with `answer` at /answer.json. Closing stops the server and removes the build.
 */
export async function serveJsonTreePage(answer: string): Promise<BuiltPage> {
  const outDir = mkdtempSync(join(tmpdir(), 'json-tree-bench-'));
  await build({
    root: ROOT,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: { '@': SRC } },
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 1024, target: 'es2022' },
  });
  return serveBuiltPage(outDir, { '/answer.json': answer });
}
