import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/** Flags for Chromium here: no sandbox as root, and no background calls to a network the machine does not have. */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * How the end-to-end tests and the benchmark start Chromium: the system's (CHROMIUM_PATH, or Debian's
 * /usr/bin/chromium) when there is one, else Playwright's own download.
 */
export function chromiumLaunchOptions(): LaunchOptions {
  const system = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  return { args: ARGS, ...(existsSync(system) ? { executablePath: system } : {}) };
}
