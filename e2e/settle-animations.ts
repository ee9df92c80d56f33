import type { Page } from '@playwright/test';

/**
 * Waits for the page's finite animations and transitions to end (spinners never do), so that it is judged or
 * pictured as painted once settled: a button still fading from its disabled grey fails contrast for a moment.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
