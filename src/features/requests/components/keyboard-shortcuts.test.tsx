import { fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { KeyboardShortcuts, useRequestsShortcuts } from './keyboard-shortcuts';

describe('the Requests screen’s shortcuts', () => {
  it('are listed on the screen, under a disclosure', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = render(<KeyboardShortcuts />);
    await user.click(screen.getByText('Keyboard shortcuts'));
    expect(container.querySelector('details')).toHaveAttribute('open');
    const list = container.querySelector('dl')!;
    expect(
      within(list)
        .getAllByRole('term')
        .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`),
    ).toEqual([
      'Ctrl+K Search the catalog',
      'Ctrl+L Go to the path',
      'Ctrl+S Save the form (under the name given in Saved)',
      'Ctrl+\\ Open or close the library (Saved and History)',
      'Ctrl+Enter Send (from within the form)',
    ]);
  });

  it('run their action from anywhere on the page, the browser’s own use of the key aside', () => {
    const handlers = { catalog: vi.fn(), path: vi.fn(), save: vi.fn() };
    const { unmount } = renderHook(() => useRequestsShortcuts(handlers));
    for (const [code, handler] of [
      ['KeyK', handlers.catalog],
      ['KeyL', handlers.path],
      ['KeyS', handlers.save],
    ] as const) {
      const event = new KeyboardEvent('keydown', { code, ctrlKey: true, bubbles: true, cancelable: true });
      document.body.dispatchEvent(event);
      expect(handler).toHaveBeenCalledTimes(1);
      expect(event.defaultPrevented).toBe(true);
    }
    // Without Ctrl, or with another modifier too, a key is the browser's (or the field's).
    fireEvent.keyDown(document.body, { code: 'KeyK' });
    fireEvent.keyDown(document.body, { code: 'KeyK', ctrlKey: true, shiftKey: true });
    expect(handlers.catalog).toHaveBeenCalledTimes(1);
    unmount();
    fireEvent.keyDown(document.body, { code: 'KeyK', ctrlKey: true });
    expect(handlers.catalog).toHaveBeenCalledTimes(1);
  });

  it('leave a key no part of the screen handles to the browser', () => {
    const library = vi.fn();
    renderHook(() => useRequestsShortcuts({ library }));
    const unhandled = new KeyboardEvent('keydown', {
      code: 'KeyK',
      ctrlKey: true,
      bubbles: true,
      cancelable: true,
    });
    document.body.dispatchEvent(unhandled);
    expect(unhandled.defaultPrevented).toBe(false);
    const event = new KeyboardEvent('keydown', {
      code: 'Backslash',
      ctrlKey: true,
      bubbles: true,
      cancelable: true,
    });
    document.body.dispatchEvent(event);
    expect(library).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
  });
});
