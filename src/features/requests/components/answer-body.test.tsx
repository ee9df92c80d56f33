import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RawAnswer } from '@/lib/api-client';
import { AnswerBody, SHOWN_TEXT } from './answer-body';

function answerOf(text: string, type: 'json' | 'text' = 'json'): RawAnswer {
  return {
    status: 200,
    base: '/TDWebApi',
    rateMethod: 'GET people/lookup',
    ms: 5,
    size: text.length,
    headers: [],
    rateLimit: null,
    resetAt: null,
    text,
    body: type === 'json' ? { type: 'json', data: JSON.parse(text) as unknown } : { type: 'text', text },
    serverDate: null,
    error: null,
  };
}

const PEOPLE = [
  { UID: 'u1', FullName: 'Jane Doe', PrimaryEmail: 'jdoe@example.edu' },
  { UID: 'u2', FullName: '=cmd', PrimaryEmail: 'x@example.edu' },
];

/** What each download saved: its file name, type and text, read from the Blob behind its URL. */
let saved: { name: string; type: string; href: string; bytes: Promise<ArrayBuffer> }[];
let blobs: Map<string, Blob>;

beforeEach(() => {
  saved = [];
  blobs = new Map();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href)!;
    saved.push({ name: this.download, type: blob.type, href: this.href, bytes: blob.arrayBuffer() });
  });
});
afterEach(() => vi.restoreAllMocks());

describe('the answer’s body', () => {
  it('downloads JSON as it came and a list of records as CSV, through Blob URLs', async () => {
    const user = userEvent.setup({ delay: null });
    const text = JSON.stringify(PEOPLE);
    render(<AnswerBody answer={answerOf(text)} />);
    await user.click(screen.getByRole('button', { name: 'Download JSON' }));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(saved.map(({ name, type, href }) => ({ name, type, blob: href.startsWith('blob:') }))).toEqual([
      { name: 'people-lookup.json', type: 'application/json', blob: true },
      { name: 'people-lookup.csv', type: 'text/csv;charset=utf-8', blob: true },
    ]);
    // As bytes: a text decoder would drop the byte-order mark.
    const decoded = async (i: number) =>
      new TextDecoder('utf-8', { ignoreBOM: true }).decode(await saved[i]!.bytes);
    expect(await decoded(0)).toBe(text);
    expect(await decoded(1)).toBe(
      '\uFEFF"UID","FullName","PrimaryEmail"\r\n"u1","Jane Doe","jdoe@example.edu"\r\n"u2","\'=cmd","x@example.edu"\r\n',
    );
  });

  it('offers CSV only for a list of records', () => {
    render(<AnswerBody answer={answerOf('{"UID":"u1"}')} />);
    expect(screen.getByRole('button', { name: 'Download JSON' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
  });

  it('shows the tree, the JSON indented, or as it came; the tree keeps its search meanwhile', async () => {
    const user = userEvent.setup({ delay: null });
    render(<AnswerBody answer={answerOf(' [ {"UID":"u1","FullName":"Jane Doe"} ] ')} />);
    const views = within(screen.getByRole('group', { name: 'Show the body as' }));
    expect(views.getByRole('button', { name: 'Tree' })).toHaveAttribute('aria-pressed', 'true');
    await user.type(screen.getByRole('searchbox', { name: 'Search answer body' }), 'jane');
    await user.click(views.getByRole('button', { name: 'Pretty' }));
    expect(screen.getByRole('button', { name: 'Pretty' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Answer body, indented')).toHaveTextContent(
      /^\[ \{ "UID": "u1", "FullName": "Jane Doe" \} \]$/,
    );
    expect(screen.queryByRole('tree')).not.toBeInTheDocument();
    await user.click(views.getByRole('button', { name: 'Raw' }));
    expect(screen.getByLabelText('Answer body as it came').textContent).toBe(
      ' [ {"UID":"u1","FullName":"Jane Doe"} ] ',
    );
    await user.click(views.getByRole('button', { name: 'Tree' }));
    expect(screen.getByRole('searchbox', { name: 'Search answer body' })).toHaveValue('jane');
  });

  it(`shows ${SHOWN_TEXT.toLocaleString('en-US')} characters of a longer text, saying so, and copies all of it`, async () => {
    const user = userEvent.setup({ delay: null });
    const long = 'x'.repeat(SHOWN_TEXT + 5);
    render(<AnswerBody answer={answerOf(long, 'text')} />);
    expect(screen.getByLabelText('Answer body').textContent).toHaveLength(SHOWN_TEXT + 1);
    expect(screen.getByText(/^Showing the first 100,000 of 100,005 characters/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy body' }));
    expect(await navigator.clipboard.readText()).toBe(long);
  });
});
