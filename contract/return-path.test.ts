import { describe, expect, it } from 'vitest';
import { KEPT_RETURN_PATHS, REFUSED_RETURN_PATHS } from './return-path-cases.ts';
import { safeReturnPath } from './return-path.ts';

describe('safeReturnPath', () => {
  it.each(KEPT_RETURN_PATHS)('keeps the same-origin path %j as %j', (raw, kept) => {
    expect(safeReturnPath(raw)).toBe(kept);
  });

  it.each(REFUSED_RETURN_PATHS)('refuses %j', (raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it('refuses null and undefined', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });

  it('never answers anything but a single-slash path', () => {
    for (const raw of [...REFUSED_RETURN_PATHS, ...KEPT_RETURN_PATHS.map(([path]) => path)]) {
      const path = safeReturnPath(raw);
      if (path !== null) expect(path).toMatch(/^\/(?![/\\])/);
    }
  });
});
