import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { API_BASES } from './contract/web-api/bases.ts';
import { leanPreloadHelper } from './scripts/lean-preload-helper.ts';

const emulator = 'http://127.0.0.1:8080';
const proxied = [...API_BASES, '/idp', '/healthz', '/relay'];

export default defineConfig({
  plugins: [react(), leanPreloadHelper()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The first page is one file by design (below); the benchmark watches its size, not this warning.
    chunkSizeWarningLimit: 600,
    // No preload lists: a screen's chunk brings its own imports when it runs (one more round trip, hidden by the
    // sign-in page fetching the next screen's code while its form stays busy). The lists of each chunk's files cost the
    // first page 0.25 KB (gzip), the polyfill as much again. A missing chunk still raises `vite:preloadError`.
    modulePreload: false,
    rolldownOptions: {
      // Constants imported from another module (the route paths, above all) written where they are used rather than
      // as shared variables: the first page is about 0.1 KB (gzip) lighter.
      optimization: { inlineConst: { mode: 'all' } },
      output: {
        codeSplitting: {
          groups: [
            // Everything the first page needs in one file: split across shared chunks it compressed worse.
            { name: 'first-page', tags: ['$initial'] },
            // What screens loaded on demand share, in one file rather than many small ones: the first page lists
            // every such file (to preload it with the screen that needs it), and each name costs it bytes.
            { name: 'shared', minShareCount: 2 },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: emulator, changeOrigin: false }])),
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'console',
          environment: 'jsdom',
          // Component tests render real screens (loaded on demand, with MUI) under jsdom: slow on a busy machine.
          testTimeout: 15_000,
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/testing/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          // The lint configuration's own test (its import boundaries) runs here too: it needs Node, not a DOM.
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', '*.test.ts'],
        },
      },
    ],
    exclude: [...configDefaults.exclude, 'e2e/**'],
  },
});
