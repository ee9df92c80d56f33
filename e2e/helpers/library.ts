import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';

/** The library's two parts, as its tabs name them. */
type LibraryPart = 'Saved' | 'History';

/**
 * Shows a part of the Requests screen's library and returns it: from the drawer's tab when the drawer is open,
 * otherwise by _Go to Saved_ / _Go to History_ (which open the drawer, or the column beside the form from 1600 px).
 * After a step that closes the drawer (Load, Edit, Re-run), wait for it to be hidden first: a drawer in its closing
 * transition is still visible.
 */
export async function openLibrary(page: Page, part: LibraryPart): Promise<Locator> {
  const shown = page.getByRole('tabpanel', { name: part });
  if (await page.getByRole('dialog', { name: 'Library' }).isVisible())
    await page.getByRole('tab', { name: part }).click();
  else
    await page
      .getByRole('navigation', { name: 'Saved and History' })
      .getByRole('button', { name: `Go to ${part}` })
      .click();
  await expect(shown).toBeVisible();
  return shown;
}

/** Closes the library's drawer (Escape), so that the screen behind it is usable again. */
export async function closeLibrary(page: Page) {
  const drawer = page.getByRole('dialog', { name: 'Library' });
  if (await drawer.isVisible()) await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
}
