import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NamedRowsTable } from './named-rows-table';

const ROWS = [
  { key: 'a', name: 'Alpha', value: 'one' },
  { key: 'b', name: 'Beta', value: 'two', busy: true },
];

describe('NamedRowsTable', () => {
  it('gives each row its name as the row header, and shows column headers when given', () => {
    render(<NamedRowsTable label="Letters" columns={['Name', 'Value']} rows={ROWS} />);
    const table = screen.getByRole('table', { name: 'Letters' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Name', 'Value']);
    const beta = within(table).getByRole('rowheader', { name: 'Beta' }).closest('tr')!;
    expect(within(beta).getByRole('cell')).toHaveTextContent('two');
    expect(beta).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Letters')).toBeNull();
  });

  it('shows its name as a caption with the given id, and no column headers unless given', () => {
    render(<NamedRowsTable label="Letters" captionId="letters-caption" rows={ROWS} />);
    const table = screen.getByRole('table', { name: 'Letters' });
    expect(screen.getByText('Letters')).toHaveAttribute('id', 'letters-caption');
    expect(within(table).queryAllByRole('columnheader')).toEqual([]);
  });
});
