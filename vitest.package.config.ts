import { defineConfig } from 'vitest/config';

/** `npm run test:package`: the packed tarball installed offline and run (about a minute, most of it compiling better-sqlite3). */
export default defineConfig({
  test: {
    include: ['server/package/**/*.package-test.ts'],
    testTimeout: 60_000,
    hookTimeout: 600_000,
  },
});
