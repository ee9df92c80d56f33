import { beforeEach, vi } from 'vitest';

/**
 * A full-page load (`location.assign`, as a redirect to single sign-on makes), which jsdom cannot do, caught where
 * it leaves: the mock records the address of each one, and each test starts with none recorded.
 */
export function catchPageLoadsInEachTest() {
  const assign = vi.fn<(url: string) => void>();
  beforeEach(() => {
    assign.mockReset();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
  });
  return assign;
}
