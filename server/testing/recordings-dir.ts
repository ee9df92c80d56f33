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
 * The recordings once `done` says they are complete. A recording is written after its answer is sent, so the
 * test looks again a bounded number of times (each a few milliseconds) before it gives up.
 */
export async function recordingsWhen(
  dir: string,
  done: (files: Record<string, string>) => boolean,
): Promise<Record<string, string>> {
  for (let attempt = 0; attempt < 400; attempt++) {
    const files = recordingFiles(dir);
    if (done(files)) return files;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`the recordings of ${dir} never became what the test waits for`);
}
