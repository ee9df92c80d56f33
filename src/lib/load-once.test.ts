import { describe, expect, it, vi } from 'vitest';
import { arrived, loadOnce } from './load-once';

describe('loadOnce', () => {
  it('starts a load once however often asked, and tells what it brought once it has', async () => {
    const load = vi.fn(() => Promise.resolve('code'));
    const fetchCode = loadOnce(load);
    const first = fetchCode();
    expect(arrived(first)).toBeUndefined();
    expect(fetchCode()).toBe(first);
    await first;
    expect(arrived(fetchCode())).toBe('code');
    expect(load).toHaveBeenCalledOnce();
  });

  it('forgets a failed load, so that the next call tries again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('code');
    const fetchCode = loadOnce<string>(load);
    await expect(fetchCode()).rejects.toThrow('offline');
    await expect(fetchCode()).resolves.toBe('code');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
