import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { gzipSize } from './gzip.ts';

const ROOT = resolve(import.meta.dirname, 'stack-floor');

/**
 * Builds bench/stack-floor (the console's whole stack with next to no code of its own) into one bundle, with the
 * dependency versions installed for the console, and measures its JavaScript as the console's is measured.
 */
export async function stackFloorScripts(): Promise<{ files: number; gzip: number }> {
  const outDir = mkdtempSync(join(tmpdir(), 'stack-floor-'));
  try {
    await build({
      root: ROOT,
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 1024 },
    });
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
