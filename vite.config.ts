import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { API_BASES } from './contract/web-api/bases.ts';
import { leanPreloadHelper } from './scripts/lean-preload-helper.ts';

const emulator = 'http://127.0.0.1:8080';
const proxied = [...API_BASES, '/idp', '/healthz', '/relay'];

/**
 * Console tests run in a process of their own (the `forks` pool) rather than in a VM context: those that catch
 * full-page loads (src/testing/page-loads.ts: a VM context's jsdom `location` cannot be redefined), the one that
 * signs a token with jose (no `crypto.subtle` there), and the integration tests that start a real server (its SQLite
 * files fail there).
 */
const CONSOLE_OWN_PROCESS = [
  'src/**/*.integration.test.ts',
  'src/app/frame/sign-out.test.tsx',
  'src/features/sso/components/sso-callback-page.test.tsx',
  'src/features/sso/components/sso-page.test.tsx',
  'src/lib/jwt.test.ts',
  'src/session/sign-in/sso-redirect.test.ts',
];

/** What both console projects share: jsdom, the set-up file, and room for real screens on a busy machine. */
const CONSOLE_TEST: TestProjectInlineConfiguration['test'] = {
  environment: 'jsdom',
  // Component tests render real screens (loaded on demand, with MUI) under jsdom: slow on a busy machine.
  testTimeout: 15_000,
  setupFiles: ['src/testing/setup.ts'],
};

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
    // Vitest's default on 2 cores is one file at a time (cores - 1). Two halve the server project (its files mostly
    // wait on sockets and child processes) and fill the second core while a console file is CPU-bound.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          ...CONSOLE_TEST,
          name: 'console',
          // Each file still gets a fresh jsdom window and fresh modules, in a VM context of a worker that has loaded
          // jsdom, React and MUI once: a file's set-up takes milliseconds instead of some 2 s (in a process of its own).
          pool: 'vmForks',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: CONSOLE_OWN_PROCESS,
        },
      },
      {
        extends: true,
        test: {
          ...CONSOLE_TEST,
          name: 'console-own-process',
          include: CONSOLE_OWN_PROCESS,
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
