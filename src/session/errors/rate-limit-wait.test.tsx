import { act, render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { rateLimitBook } from '../stores/rate-limit-store';
import { useRateLimitWait, type RateLimitWait } from './rate-limit-wait';

const BASE = '/TDWebApi';
const METHOD = 'POST auth';

/** Stands for a form that shows the wait: counts how often it is drawn, and keeps what it was last given. */
function renderCounted() {
  const drawn = { count: 0, wait: null as RateLimitWait | null };
  function Form() {
    drawn.wait = useRateLimitWait(BASE, METHOD);
    drawn.count++;
    return null;
  }
  render(<Form />);
  return drawn;
}

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('the wait after a rate limit', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  });

  it('without one, starts no ticker and does not draw the form again as the seconds pass', async () => {
    const drawn = renderCounted();
    await act(async () => {});
    expect(vi.getTimerCount()).toBe(0);
    advance(5_000);
    expect(drawn).toEqual({ count: 1, wait: null });
  });

  it('counts down from the clock once a method is blocked, then lets it be called', async () => {
    const drawn = renderCounted();
    act(() => rateLimitBook.block(BASE, METHOD, Date.now() + 3_000));
    await act(async () => {});
    expect(drawn.wait?.seconds).toBe(3);
    advance(1_000);
    expect(drawn.wait?.seconds).toBe(2);
    advance(2_000);
    expect(drawn.wait).toBeNull();
  });
});
