import { describe, expect, it } from 'vitest';
import { notBuiltPage } from './static-files.ts';

describe('the page in place of a console not yet built', () => {
  it('says how to build it, and where the emulator API is when the emulator runs', () => {
    const page = notBuiltPage(true);
    expect(page).toContain('npm run build');
    expect(page).toContain('/TDWebApi/api/');
  });

  it('names no emulator API when the emulator is off (nothing answers there)', () => {
    const page = notBuiltPage(false);
    expect(page).toContain('npm run build');
    expect(page).not.toMatch(/emulator|TDWebApi/i);
  });
});
