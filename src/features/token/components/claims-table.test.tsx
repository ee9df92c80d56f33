import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClaimsTable } from './claims-table';

// Expected texts are written out by hand, so a wrong format fails: a fixed zone (the locale is Node's en-US).
process.env.TZ = 'Asia/Kolkata';
const ISSUED = Date.parse('2026-03-02T12:00:00Z') / 1000;
const TENANT = '5d4e3f2a-1b0c-4d9e-8f7a-6b5c4d3e2f10';
const writeText = vi.fn<(text: string) => Promise<void>>();

function cell(name: string) {
  const table = screen.getByRole('table', { name: 'Token claims' });
  const row = within(table).getByRole('rowheader', { name }).closest('tr');
  if (!row) throw new Error(`No row for ${name}`);
  return row.querySelectorAll('td')[0]!;
}

/** The lines the cell shows, one per block, as a person reads them. */
const lines = (element: HTMLElement) =>
  [element.querySelector('code'), ...element.querySelectorAll('span > span')].map((e) => e?.textContent);

beforeEach(() => {
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  render(
    <ClaimsTable
      caption="Token claims"
      values={{
        unique_name: 'jdoe@example.edu',
        tdx_entity: '2',
        tdx_partition: '18',
        nbf: ISSUED,
        iat: ISSUED - 90,
        exp: ISSUED + 86_400,
        ver: ISSUED,
        tid: TENANT,
      }}
    />,
  );
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('the claims table', () => {
  it('shows exp, nbf and iat as the number, then local time and UTC', () => {
    expect(lines(cell('exp'))).toEqual([
      '1772539200',
      '3/3/2026, 5:30:00 PM local time',
      'Tue, 03 Mar 2026 12:00:00 GMT',
    ]);
    expect(lines(cell('nbf'))).toEqual([
      '1772452800',
      '3/2/2026, 5:30:00 PM local time',
      'Mon, 02 Mar 2026 12:00:00 GMT',
    ]);
    expect(lines(cell('iat'))).toEqual([
      '1772452710',
      '3/2/2026, 5:28:30 PM local time',
      'Mon, 02 Mar 2026 11:58:30 GMT',
    ]);
  });

  it('leaves other claims as they are, times only for the time claims', () => {
    expect(cell('ver')).toHaveTextContent(/^1772452800$/);
    expect(cell('unique_name')).toHaveTextContent(/^jdoe@example\.edu$/);
  });

  it('says what TeamDynamix’s own claims, tdx_entity and tdx_partition, hold', () => {
    expect(cell('tdx_entity').querySelector('code')).toHaveTextContent(/^2$/);
    expect(cell('tdx_entity')).toHaveTextContent(/number for the organization \(entity\).*BEIDInt/);
    expect(cell('tdx_partition').querySelector('code')).toHaveTextContent(/^18$/);
    expect(cell('tdx_partition')).toHaveTextContent(/partition of its service that holds the organization/);
  });

  it('shows a GUID as one unbreakable unit with a button that copies it', async () => {
    const guid = within(cell('tid')).getByText(TENANT);
    expect(guid.tagName).toBe('CODE');
    expect(getComputedStyle(guid).whiteSpace).toBe('nowrap');
    await act(async () => {
      fireEvent.click(within(cell('tid')).getByRole('button', { name: 'Copy tid' }));
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith(TENANT);
    expect(within(cell('tid')).getByRole('status')).toHaveTextContent('Copied');
  });
});
