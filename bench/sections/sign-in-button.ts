import type { Browser } from '@playwright/test';
import { launchBrowser } from '../browser.ts';
import type { BenchContext, Section, SectionResult } from '../section.ts';
import { serveStackFloor } from '../stack-floor.ts';
import { median } from '../stats.ts';

/** Chromium's CPU slowed this many times (`Emulation.setCPUThrottlingRate`), as a modest laptop runs the page. */
const CPU_THROTTLING = 4;
const ROUNDS = 9;
const RATIO_TARGET = 1.1;

declare global {
  interface Window {
    /** Resolves with the ms since navigation start of the first frame painted with the button shown and enabled. */
    signInButtonShown?: Promise<number>;
  }
}

/**
 * Runs in the page before its own scripts. Watches the document for a `Sign in` button; once one is there and
 * enabled, waits for the next frame to be painted and takes the time if the button was laid out in it. Text, not a
 * function: the benchmark's TypeScript runner would wrap a function's inner ones in a helper the page lacks.
 */
const WATCH_FOR_SIGN_IN_BUTTON = `
window.signInButtonShown = new Promise((resolve) => {
  const button = () =>
    [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Sign in' && !b.disabled);
  let waiting = false;
  const check = () => {
    if (waiting || !button()) return;
    waiting = true;
    // The frame's rendering runs after its animation-frame callbacks; a task queued there runs once it is done.
    requestAnimationFrame(() =>
      setTimeout(() => {
        waiting = false;
        if (!button()?.getClientRects().length) return check();
        observer.disconnect();
        resolve(performance.now());
      }),
    );
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, attributeFilter: ['disabled'] });
});
`;

/** One first visit (new context, empty cache) to `url` with the CPU throttled: ms to the shown, enabled button. */
async function timeToSignInButton(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext();
  try {
    await context.addInitScript({ content: WATCH_FOR_SIGN_IN_BUTTON });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
    await page.goto(url, { waitUntil: 'commit' });
    return await page.evaluate(() => {
      if (!window.signInButtonShown) throw new Error('The watch for the Sign in button did not run.');
      return window.signInButtonShown;
    });
  } finally {
    await context.close();
  }
}

const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;

/** How soon a newcomer's first visit shows a usable sign-in form, against the stack floor's one-screen app. */
export const signInButton: Section = {
  key: 'signInButton',
  title: `Sign-in button on a first visit, CPU throttled ${CPU_THROTTLING}× (Chromium)`,
  async run({ server, log }: BenchContext): Promise<SectionResult> {
    const floor = await serveStackFloor();
    const browser = await launchBrowser();
    try {
      const pages = { console: `${server.origin}/`, floor: `${floor.origin}/` };
      // Unmeasured: the browser's own first start of a page.
      for (const url of Object.values(pages)) await timeToSignInButton(browser, url);
      const times = { console: [] as number[], floor: [] as number[] };
      for (let round = 1; round <= ROUNDS; round++) {
        // Alternating, and which goes first too, so that a machine slowing down or speeding up weighs on both.
        const order = round % 2 === 1 ? (['console', 'floor'] as const) : (['floor', 'console'] as const);
        for (const which of order) times[which].push(await timeToSignInButton(browser, pages[which]));
        log(
          `Round ${round}: the console's / ${ms(times.console.at(-1)!)}, the stack floor ${ms(times.floor.at(-1)!)}`,
        );
      }
      const consoleMs = median(times.console);
      const floorMs = median(times.floor);
      const ratio = consoleMs / floorMs;
      const met = ratio <= RATIO_TARGET;
      log(
        `Medians of ${ROUNDS}: the console ${ms(consoleMs)}, the floor ${ms(floorMs)}: ${ratio.toFixed(2)} × ` +
          `(target ≤ ${RATIO_TARGET} ×: ${met ? 'met' : 'missed'})`,
      );
      return {
        rows: [
          {
            figure: `Sign in button shown, CPU ${CPU_THROTTLING}× slower: / vs floor`,
            value: `${ms(consoleMs)} / ${ms(floorMs)}`,
            note: `${ratio.toFixed(2)} ×; medians of ${ROUNDS} alternating first visits; target ≤ ${RATIO_TARGET} ×: ${met ? 'met' : 'missed'}`,
          },
        ],
        figures: {
          cpuThrottling: CPU_THROTTLING,
          rounds: ROUNDS,
          consoleMs: times.console,
          floorMs: times.floor,
          medianConsoleMs: consoleMs,
          medianFloorMs: floorMs,
          ratio,
          ratioTarget: RATIO_TARGET,
        },
      };
    } finally {
      await browser.close();
      await floor.close();
    }
  },
};
