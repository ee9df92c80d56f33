import { launchBrowser } from '../browser.ts';
import { serveJsonTreePage } from '../json-tree-page.ts';
import type { JsonTreeTimings } from '../json-tree/main.tsx';
import type { BenchContext, Section, SectionResult } from '../section.ts';
import { median } from '../stats.ts';

const TARGET_BYTES = 10 * 1024 * 1024;
const RECORDS = 50_000;
const ROUNDS = 5;

/** A 10 MB answer of 50,000 records shaped like the Web API's people, each padded to an even share of the size. */
function largeAnswer(records = RECORDS, bytes = TARGET_BYTES): string {
  const record = (i: number, pad: string) => ({
    UID: `${i.toString(16).padStart(8, '0')}-1b0c-4d9e-8f7a-6b5c4d3e2f10`,
    UserName: `user${i}@example.edu`,
    FullName: `Person Number ${i}`,
    IsActive: i % 7 !== 0,
    ReferenceID: i,
    Applications: ['TDPeople', 'TDTickets'],
    AboutMe: pad,
  });
  const bare = JSON.stringify(Array.from({ length: records }, (_, i) => record(i, ''))).length;
  if (bare > bytes) throw new Error(`${records} records take ${bare} bytes before padding, over ${bytes}.`);
  const pad = 'x'.repeat(Math.floor((bytes - bare) / records));
  return JSON.stringify(Array.from({ length: records }, (_, i) => record(i, pad)));
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** How long a 10 MB JSON answer takes to show in the console's JSON tree, in real Chromium. */
export const jsonTree: Section = {
  key: 'jsonTree',
  title: 'JSON tree: a 10 MB answer (Chromium)',
  async run({ log }: BenchContext): Promise<SectionResult> {
    const answer = largeAnswer();
    const page = await serveJsonTreePage(answer);
    const browser = await launchBrowser();
    try {
      const tab = await browser.newPage();
      await tab.goto(page.origin);
      await tab.waitForFunction(() => window.jsonTreeBench !== undefined);
      const bytes = await tab.evaluate(() => window.jsonTreeBench?.bytes ?? 0);
      log(`Answer: ${RECORDS.toLocaleString('en-US')} records, ${(bytes / 1024 / 1024).toFixed(1)} MB`);
      const rounds: JsonTreeTimings[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        const timings = await tab.evaluate(() => {
          if (!window.jsonTreeBench) throw new Error('The bench page did not load.');
          return window.jsonTreeBench.run();
        });
        rounds.push(timings);
        log(
          `Round ${round}: parse ${ms(timings.parseMs)}, first paint of the tree ${ms(timings.renderMs)}, ` +
            `expand an item ${ms(timings.expandMs)}, next 100 ${ms(timings.nextPageMs)}, ` +
            `search ${ms(timings.searchMs)}`,
        );
      }
      const parse = median(rounds.map((r) => r.parseMs));
      const render = median(rounds.map((r) => r.renderMs));
      const show = median(rounds.map((r) => r.parseMs + r.renderMs));
      const expand = median(rounds.map((r) => r.expandMs));
      const nextPage = median(rounds.map((r) => r.nextPageMs));
      const search = median(rounds.map((r) => r.searchMs));
      const note = `medians of ${ROUNDS} rounds`;
      return {
        rows: [
          {
            figure: '10 MB JSON answer: data to first paint of the tree',
            value: `${ms(show)} (parse ${ms(parse)}, render ${ms(render)})`,
            note,
          },
          {
            figure: '10 MB JSON answer: expand an item / show next 100',
            value: `${ms(expand)} / ${ms(nextPage)}`,
            note,
          },
          {
            figure: '10 MB JSON answer: a search, typed to its matches painted',
            value: ms(search),
            note: `${note}; 11 of 50,000 records match`,
          },
        ],
        figures: {
          answerBytes: bytes,
          records: RECORDS,
          rounds,
          medianMs: { show, parse, render, expand, nextPage, search },
        },
      };
    } finally {
      await browser.close();
      await page.close();
    }
  },
};
