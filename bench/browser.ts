import { existsSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The same Chromium the end-to-end tests use: CHROMIUM_PATH or Debian's, else Playwright's own. */
export function launchBrowser(): Promise<Browser> {
  const system = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  return chromium.launch({ args: ARGS, ...(existsSync(system) ? { executablePath: system } : {}) });
}
