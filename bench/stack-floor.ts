import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { serveBuiltPage, type BuiltPage } from './built-page-server.ts';
import { gzipSize } from './gzip.ts';

const ROOT = resolve(import.meta.dirname, 'stack-floor');

/**
 * Builds bench/stack-floor (the console's whole stack with next to no code of its own) into one bundle in a new
 * temporary directory, with the dependency versions installed for the console.
 */
async function buildStackFloor(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'stack-floor-'));
  await build({
    root: ROOT,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 1024 },
  });
  return outDir;
}

/** The stack floor's JavaScript, measured as the console's is measured. */
export async function stackFloorScripts(): Promise<{ files: number; gzip: number }> {
  const outDir = await buildStackFloor();
  try {
    const assets = join(outDir, 'assets');
    const files = readdirSync(assets).filter((name) => name.endsWith('.js'));
    return {
      files: files.length,
      gzip: files.reduce((sum, name) => sum + gzipSize(readFileSync(join(assets, name))), 0),
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** The stack floor served on a free local port, answering the one call its page makes (`GET /healthz`). */
export async function serveStackFloor(): Promise<BuiltPage> {
  return serveBuiltPage(await buildStackFloor(), { '/healthz': JSON.stringify({ status: 'ok' }) });
}
