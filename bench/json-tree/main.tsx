// The benchmark's page for the JSON tree: the console's JsonTree with its theme, fed the answer the benchmark
// serves at /answer.json, timed in the page with performance.now() from the data to the next paint.
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '@/app/theme';
import { JsonTree } from '@/components/json-tree/json-tree';

export interface JsonTreeTimings {
  /** JSON.parse of the answer's text. */
  parseMs: number;
  /** From the parsed value to the first paint of the tree (its top level, collapsed below); with parseMs, the
   * time from the data to the tree on screen. */
  renderMs: number;
  /** From a click on the first top-level item to the paint of its members. */
  expandMs: number;
  /** From a click on "Show next 100" to the paint of the next page. */
  nextPageMs: number;
  /** From typing a search (one input event) to the paint of the members that hold it. */
  searchMs: number;
}

declare global {
  interface Window {
    jsonTreeBench?: { bytes: number; run: () => Promise<JsonTreeTimings> };
  }
}

/** Resolves after the browser has painted what was rendered before the call. */
function nextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

function element(selector: string): HTMLElement {
  const found = document.querySelector<HTMLElement>(selector);
  if (!found) throw new Error(`No ${selector} on the page.`);
  return found;
}

async function timed(action: () => void): Promise<number> {
  const start = performance.now();
  flushSync(action);
  await nextPaint();
  return performance.now() - start;
}

/** Types `text` into the tree's search as one input event, and times it to the paint of what was found. */
async function searched(text: string): Promise<number> {
  const input = element('.json-search input') as HTMLInputElement;
  const found = () =>
    [...document.querySelectorAll('[role="status"]')].some((status) =>
      status.textContent?.includes(' is in '),
    );
  const start = performance.now();
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  while (!found()) await new Promise((resolve) => requestAnimationFrame(resolve));
  await nextPaint();
  return performance.now() - start;
}

async function run(text: string): Promise<JsonTreeTimings> {
  const root = createRoot(element('#root'));
  try {
    const start = performance.now();
    const value: unknown = JSON.parse(text);
    const parsed = performance.now();
    flushSync(() =>
      root.render(
        <ThemeProvider theme={theme} defaultMode="light">
          <CssBaseline />
          <JsonTree value={value} label="Answer" />
        </ThemeProvider>,
      ),
    );
    await nextPaint();
    const painted = performance.now();
    const expandMs = await timed(() => element('[role="tree"] > [role="treeitem"] > div').click());
    const nextPageMs = await timed(() => element('[role="tree"] > [role="treeitem"]:last-child').click());
    const searchMs = await searched('Person Number 4999');
    return { parseMs: parsed - start, renderMs: painted - parsed, expandMs, nextPageMs, searchMs };
  } finally {
    root.unmount();
  }
}

const text = await (await fetch('/answer.json')).text();
window.jsonTreeBench = { bytes: new Blob([text]).size, run: () => run(text) };
