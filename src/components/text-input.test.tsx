import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TextInput } from './text-input';

/** One frame painted: its animation-frame callbacks, then the tasks they queued. */
function paintFrame() {
  act(() => {
    vi.advanceTimersToNextFrame();
    vi.runOnlyPendingTimers();
  });
}

describe('a text input with autoFocus', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'],
    });
  });

  it('takes the focus once its first frame is painted, not while it is first drawn', () => {
    render(<TextInput label="User name" autoFocus />);
    const field = screen.getByRole('textbox', { name: 'User name' });
    expect(field).not.toHaveFocus();
    paintFrame();
    expect(field).toHaveFocus();
  });

  it('leaves the focus where the person put it before that frame', () => {
    render(
      <>
        <button type="button">Elsewhere</button>
        <TextInput label="User name" autoFocus />
      </>,
    );
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    paintFrame();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });

  it('takes no focus without it', () => {
    render(<TextInput label="Password" />);
    paintFrame();
    expect(screen.getByLabelText('Password')).not.toHaveFocus();
  });

  it('takes none once it is gone before its first frame', () => {
    const { unmount } = render(<TextInput label="User name" autoFocus />);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
    paintFrame();
    expect(document.body).toHaveFocus();
  });
});
