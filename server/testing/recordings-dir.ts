import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The recording files of a directory (never the temporary ones), by name. */
function recordingFiles(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir)
      .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
      .sort()
      .map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
  );
}

/**
 * Resolves once `done` says so. A recording is written after its answer is sent, so the test looks again a bounded
 * number of times (each a few milliseconds) before it gives up.
 */
export async function whenTrue(done: () => boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 400; attempt++) {
    if (done()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`${what} never came`);
}

/** The recordings once `done` says they are complete. */
export async function recordingsWhen(
  dir: string,
  done: (files: Record<string, string>) => boolean,
): Promise<Record<string, string>> {
  let files: Record<string, string> = {};
  await whenTrue(() => done((files = recordingFiles(dir))), `what the test waits for in ${dir}`);
  return files;
}
