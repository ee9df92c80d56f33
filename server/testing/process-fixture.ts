import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { spawnServer, type ChildServer } from './child-server.ts';

/**
 * Servers run as their own processes (`node --import tsx server/main.ts`), each in a temporary directory, all
 * killed and removed after each test of the calling file.
 */
export function processFixture() {
  const dirs: string[] = [];
  const children: ChildServer[] = [];

  afterEach(() => {
    for (const child of children.splice(0)) child.process.kill('SIGKILL');
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  function tempDir(): string {
    const dir = mkdtempSync(join(tmpdir(), 'emulator-main-'));
    dirs.push(dir);
    return dir;
  }

  async function start(env: Record<string, string> = {}, cwd?: string): Promise<ChildServer> {
    const child = await spawnServer(tempDir(), env, cwd ? { cwd } : {});
    children.push(child);
    return child;
  }

  return { tempDir, start };
}
