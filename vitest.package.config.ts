import { defineConfig } from 'vitest/config';

/** `npm run test:package`: the packed tarball installed offline and run (minutes: not part of `npm test`). */
export default defineConfig({
  test: {
    include: ['server/package/**/*.package-test.ts'],
    testTimeout: 60_000,
    hookTimeout: 600_000,
  },
});
