import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../testing/start-server.ts';

const dirs: string[] = [];

function tempDir(mode: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'emulator-perm-'));
  chmodSync(dir, mode);
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** Every file below `dir`, with its path. */
function filesBelow(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile());
}

describe('the data directory', () => {
  it('an existing 0755 one is tightened to 0700, and every file written in it is 0600', async () => {
    const dataDir = tempDir(0o755);
    const server = await startTestServer({ dataDir, config: { tls: { kind: 'self-signed' } } });
    try {
      expect(modeOf(dataDir)).toBe(0o700);
      const files = filesBelow(dataDir);
      expect(files.map((path) => path.slice(dataDir.length + 1)).sort()).toEqual([
        'emulator.sqlite',
        'emulator.sqlite-shm',
        'emulator.sqlite-wal',
        'tls/localhost-cert.pem',
        'tls/localhost-key.pem',
      ]);
      for (const path of files) expect([path, modeOf(path)]).toEqual([path, 0o600]);
      expect(modeOf(join(dataDir, 'tls'))).toBe(0o700);
    } finally {
      await server.stop();
    }
  });

  it('at every start: files left readable by an older version are made 0600 again', async () => {
    const dataDir = tempDir(0o700);
    await (await startTestServer({ dataDir })).stop();
    for (const path of filesBelow(dataDir)) chmodSync(path, 0o644);
    chmodSync(dataDir, 0o711);
    const server = await startTestServer({ dataDir });
    try {
      expect(modeOf(dataDir)).toBe(0o700);
      for (const path of filesBelow(dataDir)) expect([path, modeOf(path)]).toEqual([path, 0o600]);
    } finally {
      await server.stop();
    }
  });

  it.each(['777', '775', '757', '1777'])(
    'one writable by others (%s) is refused, in one line',
    async (octal) => {
      const mode = parseInt(octal, 8);
      const dataDir = tempDir(mode);
      const error = await startTestServer({ dataDir }).then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(/writable by/);
      expect((error as Error).message).not.toContain('\n');
      expect(readdirSync(dataDir)).toEqual([]);
      expect(statSync(dataDir).mode & 0o7777).toBe(mode);
    },
  );
});
