import type { Page } from '@playwright/test';
import { DEMO } from '../server/testing/start-server.ts';

/** Signs the demo account in through the console's own form, and waits for its profile. */
export async function signInThroughForm(page: Page) {
  await page.getByLabel('User name').fill(DEMO.jdoe);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Identity' }).waitFor();
  await page.getByText(DEMO.jdoe, { exact: true }).first().waitFor();
}
