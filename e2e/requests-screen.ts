import type { Page, TestInfo } from '@playwright/test';
import { JDOE, callFromOwnAddress, expect, signInUnderClock, test as base } from './fixtures';

/** The Requests screen's specs share these: how they open it, pick from its catalog and read its answer. */

export async function openRequests(page: Page) {
  await page.goto('/requests');
  await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
}

export const test = base.extend<{
  /** The page signed in as the account (`signedIn`) and on the Requests screen. */
  requestsScreen: Page;
  /** Reads the page's clipboard, which the test may then write and read. */
  clipboard: () => Promise<string>;
}>({
  requestsScreen: async ({ signedInPage: page }, use) => {
    await openRequests(page);
    await use(page);
  },
  clipboard: async ({ page, context }, use) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await use(() => page.evaluate(() => navigator.clipboard.readText()));
  },
});

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Chooses an endpoint from the catalog by a search and its exact `METHOD /path`. */
export async function choose(page: Page, search: string, endpoint: string) {
  await page.getByLabel('Search the catalog').fill(search);
  await page.getByRole('button', { name: new RegExp(`^${escape(endpoint)}( Emulated)?$`) }).click();
}

/** The help link beside a catalog entry: named "Help", described by its entry. */
export const helpLink = (page: Page, endpoint: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: new RegExp(`^${escape(endpoint)}( Emulated)?$`) }) })
    .getByRole('link', { name: 'Help (opens in a new tab)' });

export const answer = (page: Page) => page.getByRole('region', { name: 'Answer' });
export const body = (page: Page) => page.getByRole('tree', { name: 'Answer body' });

/**
 * Sends a write from the form by its button, which names the method ("Send POST"): on this server's emulator, where
 * these specs run, a write never asks first (e2e/write-safety.spec.ts has a production connection that does).
 */
export async function sendWrite(page: Page, method = 'POST') {
  await page.getByRole('button', { name: `Send ${method}`, exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/**
 * Signs in under the page's clock, calling from an address of this run's own (`callFromOwnAddress`, from `first`)
 * so that no earlier run's calls count against the rate limit; answers the address and the session.
 */
export async function signInAsOwnCaller(page: Page, testInfo: TestInfo, first: number) {
  const caller = await callFromOwnAddress(page, testInfo, first);
  return { caller, session: await signInUnderClock(page, JDOE) };
}
