import type { KnipConfig } from 'knip';

/**
 * Dead code fails `npm run lint`, which runs knip twice. First the whole tree (tests, e2e, the benchmark and the
 * scripts are entry points, found by knip's Vitest, Playwright and Vite plugins or named below): no file nothing
 * reaches, no export nothing imports, no dependency nothing uses. Then with `--production`, the shipped code alone
 * (the patterns marked `!`, and the console, server and command that index.html and package.json name): an export
 * that only tests import is dead too, unless its own file uses it (a limit a test compares with, say).
 */
const production = process.argv.includes('--production');

const config: KnipConfig = {
  entry: [
    // The start script names server/main.ts; this one is run by hand (npm run realm:import) and shipped.
    ...(production ? ['server/realm/import-cli.ts!'] : []),
    'bench/*/main.tsx',
    'scripts/*.{ts,mjs}',
    'e2e/*.{ts,mjs}',
    'server/package/*.package-test.ts',
    // Run by hand for the node:sqlite figures of docs/development.md.
    'bench/sqlite-engines.ts',
    'bench/tarball-install.ts',
  ],
  project: [
    'src/**/*.{ts,tsx}!',
    'server/**/*.ts!',
    'contract/**/*.ts!',
    'bin/**/*.js!',
    // For tests only, never shipped.
    '!src/testing/**!',
    '!server/testing/**!',
    '!server/package/**!',
    '!contract/return-path-cases.ts!',
    // Makes realm.schema.json, for the test that checks the committed file.
    '!server/realm/realm-schema.ts!',
    '!server/realm/field-descriptions.ts!',
    'bench/**/*.{ts,tsx}',
    'scripts/**/*.{ts,mjs}',
    'e2e/**/*.{ts,mjs}',
    '*.{ts,js}',
  ],
  ignoreBinaries: [
    // Programs of the system, not of npm: certificates (the self-signed start, tests), the systemd unit's check.
    'openssl',
    'systemd-analyze',
    // WireMock's runtime, for the benchmark's peers (bench/peers): a section without it is skipped.
    'java',
    // `npm start` builds the console first: it needs the devDependencies, as a checkout has them.
    ...(production ? ['vite'] : []),
  ],
  ignoreExportsUsedInFile: production,
};

export default config;
