import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPIED_FOR_MS, CopyButton } from './copy-button';

const writeText = vi.fn<(text: string) => Promise<void>>();

async function click(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
    await Promise.resolve();
  });
}

describe('the copy button', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    writeText.mockReset().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('says "Copied", also to screen readers, then shows its label again after a moment', async () => {
    render(<CopyButton text="the text" label="Copy token" />);
    expect(screen.getByRole('status')).toHaveTextContent('');

    await click('Copy token');

    expect(writeText).toHaveBeenCalledWith('the text');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Copied');
    act(() => {
      vi.advanceTimersByTime(COPIED_FOR_MS - 1);
    });
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('button', { name: 'Copy token' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('says "Copy failed" when the clipboard refuses, then its label again', async () => {
    writeText.mockRejectedValueOnce(new Error('denied'));
    render(<CopyButton text="x" label="Copy token" />);

    await click('Copy token');

    expect(screen.getByRole('button', { name: 'Copy failed' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Copy failed');
    act(() => {
      vi.advanceTimersByTime(COPIED_FOR_MS);
    });
    expect(screen.getByRole('button', { name: 'Copy token' })).toBeInTheDocument();
  });

  it('makes text given as a function only when copying, and can say what it copied', async () => {
    const make = vi.fn(() => 'made on click');
    render(<CopyButton text={make} label="Copy curl command" copiedLabel="Copied, with your token" />);
    expect(make).not.toHaveBeenCalled();

    await click('Copy curl command');

    expect(make).toHaveBeenCalledTimes(1);
    expect(writeText).toHaveBeenCalledWith('made on click');
    expect(screen.getByRole('button', { name: 'Copied, with your token' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Copied, with your token');
  });
});
