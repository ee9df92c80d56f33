import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { DEMO_USER } from '../api.ts';
import { launchBrowser } from '../browser.ts';
import type { BenchContext, Section, SectionResult } from '../section.ts';

const DIST_ASSETS = resolve(import.meta.dirname, '../../dist/assets');
const SIGN_IN_TARGET_KB = 180;
const IDLE_MINUTES = 10;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function gzipSize(body: Buffer): number {
  return gzipSync(body, { level: 9 }).length;
}

/** Every JavaScript file the page loads, gzipped as a server with compression would send it. */
async function scriptBytesOfSignInPage(page: Page, origin: string): Promise<{ files: number; gzip: number }> {
  const bodies: Promise<Buffer>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.body());
  });
  await page.goto(`${origin}/sign-in`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
  const loaded = await Promise.all(bodies);
  return { files: loaded.length, gzip: loaded.reduce((sum, body) => sum + gzipSize(body), 0) };
}

function scriptBytesOfWholeApp(): { files: number; gzip: number } {
  const files = readdirSync(DIST_ASSETS).filter((name) => name.endsWith('.js'));
  return {
    files: files.length,
    gzip: files.reduce((sum, name) => sum + gzipSize(readFileSync(join(DIST_ASSETS, name))), 0),
  };
}

async function signInThroughForm(page: Page) {
  await page.getByLabel('User name').fill(DEMO_USER.username);
  await page.getByLabel('Password').fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Identity' }).waitFor();
  await page.getByText(DEMO_USER.username, { exact: true }).first().waitFor();
}

/** The console's figures, measured with real Chromium against the same server: bytes, and API calls. */
export const consoleFigures: Section = {
  key: 'console',
  title: 'Console: JavaScript size and API calls (Chromium)',
  async run({ server, log }: BenchContext): Promise<SectionResult> {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const apiCalls: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.toLowerCase().startsWith('/tdwebapi/'))
          apiCalls.push(`${request.method()} ${url.pathname}`);
      });
      // The clock is installed before the first load, so the idle period below is simulated, not waited for.
      await page.clock.install();

      const signInPage = await scriptBytesOfSignInPage(page, server.origin);
      const wholeApp = scriptBytesOfWholeApp();
      log(
        `Sign-in page: ${signInPage.files} scripts, ${kb(signInPage.gzip)} gzipped (target ≤ ${SIGN_IN_TARGET_KB} KB)`,
      );
      log(`Whole app: ${wholeApp.files} scripts in dist/assets, ${kb(wholeApp.gzip)} gzipped`);

      apiCalls.length = 0;
      await signInThroughForm(page);
      const toProfile = [...apiCalls];
      log(
        `Sign-in to rendered profile: ${toProfile.length} API calls (${toProfile.join(', ')}); the floor is 2`,
      );

      apiCalls.length = 0;
      await page.clock.runFor(IDLE_MINUTES * 60_000);
      const authCalls = apiCalls.filter((call) => call.toLowerCase().includes('/api/auth'));
      log(
        `${IDLE_MINUTES} idle minutes on the profile (Playwright clock): ${authCalls.length} calls to auth methods`,
      );

      const met = signInPage.gzip <= SIGN_IN_TARGET_KB * 1024;
      return {
        rows: [
          {
            figure: 'sign-in page JS (gzip)',
            value: kb(signInPage.gzip),
            note: `${signInPage.files} files; target ≤ ${SIGN_IN_TARGET_KB} KB: ${met ? 'target met' : 'target missed'}`,
          },
          { figure: 'whole app JS (gzip)', value: kb(wholeApp.gzip), note: `${wholeApp.files} files` },
          { figure: 'API calls, sign-in → profile', value: String(toProfile.length), note: 'floor 2' },
          {
            figure: `auth calls in ${IDLE_MINUTES} idle min`,
            value: String(authCalls.length),
            note: 'target 0 (Playwright clock)',
          },
        ],
        figures: {
          signInPageGzipBytes: signInPage.gzip,
          signInPageScripts: signInPage.files,
          signInTargetBytes: SIGN_IN_TARGET_KB * 1024,
          wholeAppGzipBytes: wholeApp.gzip,
          wholeAppScripts: wholeApp.files,
          apiCallsSignInToProfile: toProfile,
          authCallsWhileIdle: authCalls.length,
          idleMinutes: IDLE_MINUTES,
        },
      };
    } finally {
      await browser.close();
    }
  },
};
