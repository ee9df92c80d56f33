import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const TEMP_DIST = {
  index:
    '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body></body></html>',
  script: 'console.log("console");\n',
  favicon: '<svg xmlns="http://www.w3.org/2000/svg"/>',
};

/** A stand-in for a built dist/ (index.html, one hashed asset, one plain file), so host tests need no build. */
export function makeTempDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'emulator-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), TEMP_DIST.index);
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), TEMP_DIST.script);
  writeFileSync(join(dir, 'favicon.svg'), TEMP_DIST.favicon);
  return dir;
}
