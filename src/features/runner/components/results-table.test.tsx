import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Job } from '../run/job-store';
import type { RowResult } from '../run/row-result';
import { ResultsTable } from './results-table';

const ROWS = 10_000;

function bigJob(): Job {
  return {
    connectionId: 'emulator',
    connectionLabel: 'This server',
    operation: 'GET people/{uid}',
    form: { method: 'GET', path: 'people/{uid}', pathValues: { uid: '{{uid}}' }, query: [], body: '' },
    keepable: true,
    columns: ['uid'],
    values: Array.from({ length: ROWS }, (_, i) => ({ uid: `u${i + 1}` })),
    requests: [],
    results: Array.from({ length: ROWS }, (_, i): RowResult =>
      i % 1000 === 999
        ? { ok: false, status: 404, ms: 3, message: 'Not found.', fields: {}, retried: false }
        : {
            ok: true,
            status: 200,
            ms: 12,
            message: '',
            fields: { UID: `u${i + 1}`, FullName: `Person ${i + 1}`, Other: 1 },
            retried: false,
          },
    ),
    stopOnError: false,
    trial: null,
    progress: null,
    version: ROWS,
  };
}

// jsdom lays nothing out: the table's scrolling box measures as a screenful would.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
});

describe('ResultsTable', () => {
  it('at 10,000 rows draws only the lines on screen, with the identifying answer fields', () => {
    render(<ResultsTable job={bigJob()} />);
    const table = screen.getByRole('table', { name: 'Results' });
    expect(table).toHaveAttribute('aria-rowcount', String(ROWS + 1));
    const rows = within(table).getAllByRole('row');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(40);
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Row', 'uid', 'Status', 'Time (ms)', 'UID', 'FullName']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', 'u1', '200', '12', 'u1', 'Person 1']);
  });

  it('adds no style rule as it scrolls: a row is placed by its own style, not by a class made for its offset', () => {
    render(<ResultsTable job={bigJob()} />);
    const table = screen.getByRole('table', { name: 'Results' });
    const styleRules = () => document.querySelectorAll('style').length;
    const firstShown = () => within(table).getAllByRole('row')[1]!.getAttribute('aria-rowindex');
    const scrollTo = (top: number) => {
      Object.defineProperty(table, 'scrollTop', { value: top, configurable: true });
      fireEvent.scroll(table);
    };
    scrollTo(36 * 1000);
    const before = styleRules();
    const shown = firstShown();
    for (let screenful = 1; screenful <= 30; screenful++) scrollTo(36 * 1000 + screenful * 400);
    expect(firstShown()).not.toBe(shown);
    expect(within(table).getAllByRole('row').length).toBeLessThan(40);
    expect(styleRules()).toBe(before);
  });

  it('shows only the failures when asked, and the fields named', () => {
    render(<ResultsTable job={bigJob()} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Failures only' }));
    expect(screen.getByText('10 failed rows')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Answer fields' }), { target: { value: 'Other' } });
    const rows = within(screen.getByRole('table', { name: 'Results' })).getAllByRole('row');
    expect(rows).toHaveLength(11);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1000', 'u1000', '404 Not found.', '3', '']);
  });
});
