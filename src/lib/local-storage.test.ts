import { afterEach, describe, expect, it, vi } from 'vitest';
import { readText, storeText } from './local-storage';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('local storage, guarded', () => {
  it('keeps and reads back a text', () => {
    expect(storeText('k', 'v')).toBe(true);
    expect(readText('k')).toBe('v');
    expect(readText('missing')).toBeNull();
  });

  it('says a refused write failed instead of throwing, and keeps the earlier text', () => {
    storeText('k', 'before');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(storeText('k', 'after')).toBe(false);
    expect(readText('k')).toBe('before');
  });

  it('reads nothing when storage is refused', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(readText('k')).toBeNull();
  });
});
