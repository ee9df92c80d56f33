import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const port = 18080;
const baseURL = `http://127.0.0.1:${port}`;

// A system Chromium (Debian's package, or CHROMIUM_PATH) when there is one, else Playwright's own download.
const systemChromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const executablePath = existsSync(systemChromium) ? systemChromium : undefined;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: process.env.CI ? 1 : undefined,
  reporter: 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          ...(executablePath ? { executablePath } : {}),
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
  ],
  webServer: {
    // The real server, with a fresh data directory of its own, serving the console built into dist/.
    command: 'node e2e/start-server.mjs',
    env: { PORT: String(port) },
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    // SIGTERM rather than the default SIGKILL, so start-server.mjs can remove its temporary data directory.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
