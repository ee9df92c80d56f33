import { defineConfig, devices } from '@playwright/test';
import {
  CONTROL_TOKEN,
  LIMITED_ORIGIN,
  LIMITED_PORT,
  LIMITED_RATE,
  MAIN_ORIGIN,
  MAIN_PORT,
  RELAY_NAME,
} from './e2e/servers';
import { chromiumLaunchOptions } from './scripts/chromium';

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: process.env.CI ? 1 : undefined,
  reporter: 'list',
  // Fails the run if a server's output leaked a secret (see e2e/global-teardown.ts).
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL: MAIN_ORIGIN,
    // DOM snapshots without screenshots: screenshots slow every test by about a third under software rendering.
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: chromiumLaunchOptions(),
      },
    },
  ],
  // The real server, each with a fresh data directory of its own, serving the console built into dist/. SIGTERM
  // rather than the default SIGKILL, so start-server.mjs can remove its temporary data directory.
  webServer: [
    {
      command: 'node e2e/start-server.mjs',
      // The real service's limits (each operation's own), whatever the calling shell has set; the second server
      // stands in for a real tenant behind the relay; its test control scripts faults (a slow answer).
      env: {
        PORT: String(MAIN_PORT),
        RATE_LIMIT: '',
        RELAY_TENANTS: `${RELAY_NAME}=${LIMITED_ORIGIN}/TDWebApi`,
        EMULATOR_CONTROL: '1',
        EMULATOR_CONTROL_TOKEN: CONTROL_TOKEN,
      },
      url: `${MAIN_ORIGIN}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      command: 'node e2e/start-server.mjs',
      // Trusting X-Forwarded-For from the browser lets each run of the 429 spec count as a caller of its own; its
      // recordings (e2e/recordings) are what the catalog marks Recorded there.
      env: {
        PORT: String(LIMITED_PORT),
        RATE_LIMIT: String(LIMITED_RATE),
        TRUST_PROXY: '127.0.0.1',
        REPLAY_DIR: 'e2e/recordings',
        // Its clock moves a rate window on in the runner's spec.
        EMULATOR_CONTROL: '1',
        EMULATOR_CONTROL_TOKEN: CONTROL_TOKEN,
      },
      url: `${LIMITED_ORIGIN}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
  ],
});
