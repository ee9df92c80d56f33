import { defineConfig } from 'vitest/config';

/**
 * `npm run test:package`: the packed tarball installed offline once (packed-tarball.ts, most of it compiling
 * better-sqlite3), then run as the docs say: the bin from node_modules, and the GitHub Actions example's steps.
 */
export default defineConfig({
  test: {
    include: ['server/package/**/*.package-test.ts'],
    globalSetup: ['server/package/packed-tarball.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
