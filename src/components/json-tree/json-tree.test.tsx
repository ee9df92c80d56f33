import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { JsonTree } from './json-tree';

const ANSWER = {
  UID: '5d4e3f2a-1b0c-4d9e-8f7a-6b5c4d3e2f10',
  IsActive: true,
  Applications: ['TDPeople', 'TDTickets'],
  OrgApplications: [{ ID: 1, Name: 'IT Tickets', 'Security Role': null }],
  Empty: {},
};

function setup(value: unknown, label = 'Answer body') {
  const user = userEvent.setup({ delay: null });
  render(<JsonTree value={value} label={label} />);
  return { user, tree: screen.getByRole('tree', { name: label }) };
}

/**
 * What an item's row says, as a browser names the item: its text, the copy button and the hidden glyphs aside.
 * Items are named by their content, and a browser leaves an expanded item's members out of its name; jsdom's name
 * computation does not, so the tests read the row.
 */
function rowName(item: Element): string {
  const label = item.querySelector(':scope > .json-row > .json-label')!.cloneNode(true) as Element;
  for (const hidden of label.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return label.textContent.trim();
}
/** The one item, within `scope`, whose row says `name`. */
function item(name: string | RegExp, scope: HTMLElement = document.body): HTMLElement {
  const found = within(scope)
    .getAllByRole('treeitem')
    .filter((i) => (typeof name === 'string' ? rowName(i) === name : name.test(rowName(i))));
  expect(found).toHaveLength(1);
  return found[0]!;
}
/** Role queries compute every item's name: too slow for hundreds of items under jsdom, so those use the DOM. */
const treeItems = (tree: HTMLElement) => tree.querySelectorAll('[role="treeitem"]');
const itemWithText = (text: string) => screen.getByText(text).closest('[role="treeitem"]');
const topItems = (tree: HTMLElement) =>
  within(tree)
    .getAllByRole('treeitem')
    .filter((i) => i.ariaLevel === '1');

describe('the JSON tree', () => {
  it('shows the top level collapsed, and renders members only while their value is expanded', async () => {
    const { user, tree } = setup(ANSWER);
    expect(topItems(tree).map((i) => i.textContent?.replace(/Copy$/, ''))).toEqual([
      'UID: "5d4e3f2a-1b0c-4d9e-8f7a-6b5c4d3e2f10"',
      'IsActive: true',
      '▸Applications: […] 2 items',
      '▸OrgApplications: […] 1 item',
      'Empty: {}',
    ]);
    const applications = item('Applications: 2 items');
    expect(applications).toHaveAttribute('aria-expanded', 'false');
    expect(applications).toHaveAttribute('aria-level', '1');
    expect(item('Empty: {}')).not.toHaveAttribute('aria-expanded');
    expect(screen.queryByText('"TDPeople"')).not.toBeInTheDocument();
    expect(within(tree).queryAllByRole('group')).toHaveLength(0);

    await user.click(within(applications).getByText('Applications'));
    expect(applications).toHaveAttribute('aria-expanded', 'true');
    const group = within(applications).getByRole('group');
    expect(
      within(group)
        .getAllByRole('treeitem')
        .map((i) => i.ariaLevel),
    ).toEqual(['2', '2']);
    expect(item('0: "TDPeople"')).toBeInTheDocument();

    await user.click(within(applications).getByText('Applications'));
    expect(applications).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('"TDPeople"')).not.toBeInTheDocument();
  });

  it('renders one page of a 50,000-item answer, and the next page on request', () => {
    const big = Array.from({ length: 50_000 }, (_, i) => ({ id: i, name: `person ${i}`, tags: ['a', 'b'] }));
    const { tree } = setup(big);
    expect(screen.getByText('Array, 50,000 items')).toBeInTheDocument();
    expect(treeItems(tree)).toHaveLength(101);
    expect(screen.queryByText('"person 0"')).not.toBeInTheDocument();
    expect(screen.getByText('99')).toBeInTheDocument();
    expect(screen.queryByText('100')).not.toBeInTheDocument();

    // fireEvent: user-event's pointer checks read computed styles, slow with hundreds of rows under jsdom.
    fireEvent.click(screen.getByText('Show next 100 (101–200 of 50,000)'));
    expect(treeItems(tree)).toHaveLength(201);
    expect(itemWithText('100')).toHaveFocus();
    expect(screen.getByText('Show next 100 (201–300 of 50,000)')).toBeInTheDocument();
  });

  it('pages the members of an expanded value too', async () => {
    const { user } = setup({ list: Array.from({ length: 120 }, (_, i) => i) });
    await user.click(screen.getByText('list'));
    const list = screen.getByText('list').closest('[role="treeitem"]') as HTMLElement;
    expect(treeItems(list)).toHaveLength(101);
    expect(itemWithText('Show next 20 (101–120 of 120)')).toHaveAttribute('aria-level', '2');
  });

  it('copies a string as its text (no JSON quotes) and any other value as JSON, from a button on the active item and the one under the pointer', async () => {
    const { user } = setup(ANSWER);
    const copyButtons = () =>
      screen.getAllByRole('button', { name: /^Copy / }).map((b) => b.getAttribute('aria-label'));
    expect(copyButtons()).toEqual(['Copy all of Answer body', 'Copy UID']);
    await user.click(screen.getByRole('button', { name: 'Copy UID' }));
    expect(await navigator.clipboard.readText()).toBe('5d4e3f2a-1b0c-4d9e-8f7a-6b5c4d3e2f10');

    await user.hover(screen.getByText('OrgApplications'));
    expect(copyButtons()).toEqual(['Copy all of Answer body', 'Copy UID', 'Copy OrgApplications']);
    // fireEvent: user-event moves the pointer without a relatedTarget, which React reads as leaving the row.
    fireEvent.click(screen.getByRole('button', { name: 'Copy OrgApplications' }));
    await waitFor(async () =>
      expect(await navigator.clipboard.readText()).toBe(JSON.stringify(ANSWER.OrgApplications, null, 2)),
    );
    expect(item('OrgApplications: 1 item')).toHaveAttribute('aria-expanded', 'false');
    await user.unhover(screen.getByText('OrgApplications'));
    expect(copyButtons()).toEqual(['Copy all of Answer body', 'Copy UID']);

    await user.click(screen.getByText('OrgApplications'));
    await user.click(screen.getByText('0'));
    await user.hover(screen.getByText('Security Role'));
    fireEvent.click(screen.getByRole('button', { name: 'Copy OrgApplications[0]["Security Role"]' }));
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe('null'));

    await user.click(screen.getByRole('button', { name: 'Copy all of Answer body' }));
    expect(await navigator.clipboard.readText()).toBe(JSON.stringify(ANSWER, null, 2));
  });

  it('moves with the arrows, Home and End, and toggles with Enter and Space', async () => {
    const { user, tree } = setup(ANSWER);
    const tabbable = () =>
      within(tree)
        .getAllByRole('treeitem')
        .filter((i) => i.tabIndex === 0);
    expect(tabbable()).toEqual([item(/^UID/)]);

    await user.tab();
    expect(screen.getByRole('button', { name: 'Copy all of Answer body' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('searchbox', { name: 'Search answer body' })).toHaveFocus();
    await user.tab();
    expect(item(/^UID/)).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Copy UID' })).toHaveFocus();
    await user.tab({ shift: true });

    await user.keyboard('{ArrowDown}{ArrowDown}');
    const applications = item('Applications: 2 items');
    expect(applications).toHaveFocus();
    expect(tabbable()).toEqual([applications]);

    await user.keyboard('{ArrowRight}');
    expect(applications).toHaveAttribute('aria-expanded', 'true');
    expect(applications).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(item('0: "TDPeople"')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('1: "TDTickets"')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('OrgApplications: 1 item')).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowLeft}');
    expect(applications).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(applications).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('"TDTickets"')).not.toBeInTheDocument();

    await user.keyboard('{Enter}');
    expect(applications).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(applications).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{End}');
    expect(item('Empty: {}')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(item(/^UID/)).toHaveFocus();
    await user.keyboard('{Enter}{ArrowRight}');
    expect(item(/^UID/)).not.toHaveAttribute('aria-expanded');
  });

  it('loads a last, shorter page from the keyboard, moves to its first item, and shows no more', async () => {
    const { user, tree } = setup(Array.from({ length: 101 }, (_, i) => `v${i}`));
    await user.tab();
    await user.tab();
    await user.tab();
    await user.keyboard('{End}');
    expect(itemWithText('Show next 1 (101–101 of 101)')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(itemWithText('100')).toHaveFocus();
    expect(treeItems(tree)).toHaveLength(101);
    expect(screen.queryByText(/^Show next/)).not.toBeInTheDocument();
  });

  it('shows a value that is not a container as a single item', () => {
    const { tree } = setup('plain text');
    expect(screen.getByText('string')).toBeInTheDocument();
    expect(item('"plain text"', tree)).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('button', { name: 'Copy value' })).toBeInTheDocument();
  });

  it('shows an empty array as one item', () => {
    const { tree } = setup([], 'Empty');
    expect(
      within(tree)
        .getAllByRole('treeitem')
        .map((i) => i.textContent),
    ).toEqual(['[]Copy']);
  });

  it('offers a value action beside the copy of a value that is not a container, with its plain text', async () => {
    const user = userEvent.setup({ delay: null });
    const act = vi.fn();
    render(
      <JsonTree
        value={{ UID: 'u-1', N: 5, L: [1] }}
        label="Answer body"
        valueAction={{ label: 'Use as variable', act }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Use as variable: UID' }));
    expect(act).toHaveBeenCalledWith('u-1', 'UID', 'UID');
    await user.hover(screen.getByText('N'));
    // fireEvent: user-event moves the pointer without a relatedTarget, which React reads as leaving the row.
    fireEvent.click(screen.getByRole('button', { name: 'Use as variable: N' }));
    expect(act).toHaveBeenLastCalledWith('5', 'N', 'N');
    await user.hover(screen.getByText('L'));
    expect(screen.queryByRole('button', { name: 'Use as variable: L' })).toBeNull();
  });

  it('cuts a very long string short on screen but copies all of it, as plain text without JSON quotes', async () => {
    const long = 'x'.repeat(5000);
    const { user } = setup({ long });
    await user.hover(screen.getByText('long'));
    expect(item(/^long: "x+"… \(3,000 more characters\)$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy long' }));
    expect(await navigator.clipboard.readText()).toBe(long);
  });

  it('names each item by what it shows, not by aria-labelledby, whose name would leave out its copy button and members', async () => {
    const { user, tree } = setup(ANSWER);
    await user.click(screen.getByText('OrgApplications'));
    for (const each of within(tree).getAllByRole('treeitem')) {
      expect(each).not.toHaveAttribute('aria-labelledby');
      expect(each).not.toHaveAttribute('aria-label');
    }
  });

  it('names each record of an array by its name, e-mail or ID, not by its index alone', () => {
    setup([
      { UID: 'u-1', FullName: 'Jane Doe', PrimaryEmail: 'jdoe@example.edu', UserName: 'jdoe' },
      { ID: 42, Title: 'Printer broken', StatusName: 'New' },
      { AppID: 7, Description: 'no name' },
      { Name: '', PrimaryEmail: '', Paid: 5 },
      ['not', 'a record'],
    ]);
    expect(
      screen
        .getAllByRole('treeitem')
        .filter((i) => i.ariaLevel === '1')
        .map((i) => i.querySelector('.json-label')?.textContent),
    ).toEqual([
      '0: Jane Doe · jdoe@example.edu {…} 4 keys',
      '1: Printer broken · ID 42 {…} 3 keys',
      '2: AppID 7 {…} 2 keys',
      '3: {…} 3 keys',
      '4: […] 2 items',
    ]);
    expect(item('0: Jane Doe · jdoe@example.edu 4 keys')).toBeInTheDocument();
  });

  it('searches names and values: only members that hold a match are shown, the first opened, matches marked', async () => {
    const people = Array.from({ length: 30 }, (_, i) => ({
      UID: `u-${i}`,
      FullName: i % 10 === 3 ? `Ann Smith ${i}` : `Person ${i}`,
      Notes: { Text: i === 5 ? 'knows smithing' : 'x' },
    }));
    const { user } = setup(people);
    await user.type(screen.getByRole('searchbox', { name: 'Search answer body' }), 'SMITH');
    expect(await screen.findByText('“SMITH” is in 4 of 30 items.')).toBeInTheDocument();
    // A search starts a new tree.
    const tree = () => screen.getByRole('tree', { name: 'Answer body' });
    const top = () =>
      within(tree())
        .getAllByRole('treeitem')
        .filter((i) => i.ariaLevel === '1');
    expect(top().map((i) => i.getAttribute('aria-expanded'))).toEqual(['true', 'true', 'true', 'true']);
    // Each opened record shows only its members with a match; a nested one shows collapsed, its path kept.
    const first = top()[0]!;
    expect(
      within(first)
        .getAllByRole('treeitem')
        .map((i) => i.textContent?.replace(/Copy$/, '')),
    ).toEqual(['FullName: "Ann Smith 3"']);
    expect(item('Notes: 1 key', top()[1])).toHaveAttribute('aria-expanded', 'false');
    // Three records by their caption and their FullName; the fourth’s match is inside its folded Notes.
    expect([...tree().querySelectorAll('mark')].map((m) => m.textContent)).toEqual(Array(6).fill('Smith'));
    // A member found by its own name is shown whole.
    await user.clear(screen.getByRole('searchbox', { name: 'Search answer body' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search answer body' }), 'notes');
    expect(await screen.findByText('“notes” is in 30 of 30 items.')).toBeInTheDocument();
    await user.click(within(top()[0]!).getByText('Notes'));
    expect(item('Text: "x"', top()[0])).toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Search answer body' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search answer body' }), 'nowhere');
    expect(await screen.findByText('No match for “nowhere”.')).toBeInTheDocument();
    expect(screen.queryByRole('tree')).not.toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search answer body' }));
    expect(await screen.findByRole('tree')).toBeInTheDocument();
    expect(top()).toHaveLength(30);
    expect(top().every((i) => i.getAttribute('aria-expanded') === 'false')).toBe(true);
  });

  it('searches a 50,000-record answer, opening no more than ten of its matches', async () => {
    const big = Array.from({ length: 50_000 }, (_, i) => ({ id: i, name: `person ${i}`, tags: ['a', 'b'] }));
    setup(big);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search answer body' }), {
      target: { value: 'person 4' },
    });
    expect(await screen.findByText('“person 4” is in 11,111 of 50,000 items.')).toBeInTheDocument();
    const tree = screen.getByRole('tree', { name: 'Answer body' });
    expect(tree.querySelectorAll('[aria-level="1"]')).toHaveLength(101);
    expect(tree.querySelectorAll('[aria-level="1"][aria-expanded="true"]')).toHaveLength(10);
    expect(screen.getByText('Show next 100 (101–200 of 11,111)')).toBeInTheDocument();
  });

  it('starts over, collapsed, when the value changes', async () => {
    const user = userEvent.setup({ delay: null });
    const { rerender } = render(<JsonTree value={{ a: [1] }} label="Body" />);
    await user.click(screen.getByText('a'));
    expect(item('0: 1')).toBeInTheDocument();
    rerender(<JsonTree value={{ a: [2] }} label="Body" />);
    expect(item('a: 1 item')).toHaveAttribute('aria-expanded', 'false');
    expect(item('a: 1 item')).toHaveAttribute('tabindex', '0');
  });
});
