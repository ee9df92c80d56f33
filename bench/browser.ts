import { chromium, type Browser } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium.ts';

/** The same Chromium the end-to-end tests use. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions());
}
