import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser } from '@playwright/test';
import { launchBrowser } from '../browser.ts';
import { gzipSize } from '../gzip.ts';
import type { BenchContext, Section, SectionResult } from '../section.ts';
import { signInThroughForm } from '../sign-in-page.ts';
import { stackFloorScripts } from '../stack-floor.ts';
import { CATALOG } from '../../contract/catalog/catalog-data.ts';

const DIST_ASSETS = resolve(import.meta.dirname, '../../dist/assets');
const FIRST_PAGE_TARGET_KB = 180;
const FLOOR_RATIO_TARGET = 1.03;
const IDLE_MINUTES = 10;
/** Where a newcomer lands: what they type, and where it sends them. */
const FIRST_PAGES = ['/', '/sign-in'] as const;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Summaries only the catalog's data holds: a script carrying any of them carries the catalog. */
const CATALOG_MARKERS = CATALOG.slice(0, 3).map((entry) => entry.summary);
const holdsCatalog = (body: Buffer) => CATALOG_MARKERS.some((marker) => body.includes(marker));

interface Scripts {
  files: number;
  gzip: number;
}

/** Every JavaScript file a signed-out visit to `path` loads (new context, empty cache), gzipped. */
async function scriptBytesOfFirstVisit(browser: Browser, origin: string, path: string): Promise<Scripts> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const bodies: Promise<Buffer>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') bodies.push(response.body());
    });
    await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    const loaded = await Promise.all(bodies);
    return { files: loaded.length, gzip: loaded.reduce((sum, body) => sum + gzipSize(body), 0) };
  } finally {
    await context.close();
  }
}

function scriptBytesOfWholeApp(): { files: number; gzip: number } {
  const files = readdirSync(DIST_ASSETS).filter((name) => name.endsWith('.js'));
  return {
    files: files.length,
    gzip: files.reduce((sum, name) => sum + gzipSize(readFileSync(join(DIST_ASSETS, name))), 0),
  };
}

/** The console's figures, measured with real Chromium against the same server: bytes, and API calls. */
export const consoleFigures: Section = {
  key: 'console',
  title: 'Console: JavaScript size and API calls (Chromium)',
  async run({ server, log }: BenchContext): Promise<SectionResult> {
    const floor = await stackFloorScripts();
    log(`Stack floor (bench/stack-floor, one bundle): ${floor.files} script, ${kb(floor.gzip)} gzipped`);
    const browser = await launchBrowser();
    try {
      const firstPages: Record<string, Scripts> = {};
      for (const path of FIRST_PAGES) {
        const scripts = await scriptBytesOfFirstVisit(browser, server.origin, path);
        firstPages[path] = scripts;
        log(
          `Signed out at ${path}: ${scripts.files} scripts, ${kb(scripts.gzip)} gzipped, ` +
            `${(scripts.gzip / floor.gzip).toFixed(3)} × the floor ` +
            `(targets ≤ ${FIRST_PAGE_TARGET_KB} KB and ≤ ${FLOOR_RATIO_TARGET} ×)`,
        );
      }
      const page = await browser.newPage();
      const scripts: Promise<Buffer>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.push(response.body());
      });
      const apiCalls: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.toLowerCase().startsWith('/tdwebapi/'))
          apiCalls.push(`${request.method()} ${url.pathname}`);
      });
      // The clock is installed before the first load, so the idle period below is simulated, not waited for.
      await page.clock.install();
      await page.goto(`${server.origin}/sign-in`);

      const wholeApp = scriptBytesOfWholeApp();
      log(`Whole app: ${wholeApp.files} scripts in dist/assets, ${kb(wholeApp.gzip)} gzipped`);

      apiCalls.length = 0;
      await signInThroughForm(page);
      const toProfile = [...apiCalls];
      log(
        `Sign-in to rendered profile: ${toProfile.length} API calls (${toProfile.join(', ')}); the floor is 2`,
      );

      const toProfileScripts = await Promise.all(scripts);
      const profileJs = toProfileScripts.reduce((sum, body) => sum + gzipSize(body), 0);
      const catalogBeforeRequests = toProfileScripts.filter(holdsCatalog).length;
      log(
        `Sign-in page to rendered profile: ${toProfileScripts.length} scripts, ${kb(profileJs)} gzipped; ` +
          `${catalogBeforeRequests} of them carry the Web API catalog`,
      );

      apiCalls.length = 0;
      await page.clock.runFor(IDLE_MINUTES * 60_000);
      const authCalls = apiCalls.filter((call) => call.toLowerCase().includes('/api/auth'));
      log(
        `${IDLE_MINUTES} idle minutes on the profile (Playwright clock): ${authCalls.length} calls to auth methods`,
      );

      await page.getByRole('link', { name: 'Requests' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'Requests' }).waitFor();
      const withRequests = await Promise.all(scripts);
      const requestsScripts = withRequests.slice(toProfileScripts.length);
      const requestsJs = requestsScripts.reduce((sum, body) => sum + gzipSize(body), 0);
      const catalogOnRequests = requestsScripts.some(holdsCatalog);
      log(
        `Opening Requests: ${requestsScripts.length} more scripts, ${kb(requestsJs)} gzipped; ` +
          `catalog ${catalogOnRequests ? 'loaded' : 'NOT loaded'} with it`,
      );

      const firstPageRows = FIRST_PAGES.map((path) => {
        const scripts = firstPages[path] as Scripts;
        const ratio = scripts.gzip / floor.gzip;
        const met = scripts.gzip <= FIRST_PAGE_TARGET_KB * 1024 && ratio <= FLOOR_RATIO_TARGET;
        return {
          figure: `JS signed out at ${path} (gzip)`,
          value: kb(scripts.gzip),
          note: `${scripts.files} files; ${ratio.toFixed(3)} × floor; targets ≤ ${FIRST_PAGE_TARGET_KB} KB, ≤ ${FLOOR_RATIO_TARGET} ×: ${met ? 'met' : 'missed'}`,
        };
      });
      return {
        rows: [
          { figure: 'stack floor JS (gzip)', value: kb(floor.gzip), note: 'bench/stack-floor, one bundle' },
          ...firstPageRows,
          { figure: 'whole app JS (gzip)', value: kb(wholeApp.gzip), note: `${wholeApp.files} files` },
          { figure: 'API calls, sign-in → profile', value: String(toProfile.length), note: 'floor 2' },
          {
            figure: 'JS sign-in page → profile (gzip)',
            value: kb(profileJs),
            note: `${toProfileScripts.length} files; ${catalogBeforeRequests} carry the catalog (target 0)`,
          },
          {
            figure: 'JS opening Requests (gzip)',
            value: kb(requestsJs),
            note: `${requestsScripts.length} files; the catalog ${catalogOnRequests ? 'among them' : 'missing!'}`,
          },
          {
            figure: `auth calls in ${IDLE_MINUTES} idle min`,
            value: String(authCalls.length),
            note: 'target 0 (Playwright clock)',
          },
        ],
        figures: {
          stackFloorGzipBytes: floor.gzip,
          firstPages: Object.fromEntries(
            FIRST_PAGES.map((path) => {
              const scripts = firstPages[path] as Scripts;
              return [
                path,
                { gzipBytes: scripts.gzip, scripts: scripts.files, floorRatio: scripts.gzip / floor.gzip },
              ];
            }),
          ),
          firstPageTargetBytes: FIRST_PAGE_TARGET_KB * 1024,
          floorRatioTarget: FLOOR_RATIO_TARGET,
          wholeAppGzipBytes: wholeApp.gzip,
          wholeAppScripts: wholeApp.files,
          apiCallsSignInToProfile: toProfile,
          signInToProfileGzipBytes: profileJs,
          catalogScriptsBeforeRequests: catalogBeforeRequests,
          openingRequestsGzipBytes: requestsJs,
          catalogLoadedWithRequests: catalogOnRequests,
          authCallsWhileIdle: authCalls.length,
          idleMinutes: IDLE_MINUTES,
        },
      };
    } finally {
      await browser.close();
    }
  },
};
