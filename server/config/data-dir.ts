import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import { ConfigError } from './config-error.ts';

const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

/**
 * Makes a directory for the server's secrets (the database holds the signing keys; TLS keys may live there too):
 * created 0700, or tightened to 0700 at every start. One that group or others may write is refused: someone else
 * could have swapped a file in it already, so tightening it now would not make it ours.
 */
export function preparePrivateDir(dir: string) {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  const { mode } = statSync(dir);
  if ((mode & 0o022) !== 0) {
    const octal = (mode & 0o7777).toString(8).padStart(4, '0');
    throw new ConfigError(
      `The data directory ${dir} is writable by ${mode & 0o002 ? 'others' : 'its group'} (mode ${octal}); make it 0700 (chmod 700) or choose another DATA_DIR.`,
    );
  }
  chmodSync(dir, PRIVATE_DIR);
}

/** Creates the file when it is missing, so that it is never readable by others even for a moment; then 0600. */
export function privateFile(path: string) {
  closeSync(openSync(path, 'a', PRIVATE_FILE));
  chmodSync(path, PRIVATE_FILE);
}

/** 0600 for a file the server wrote, if it is there. */
export function keepPrivate(path: string) {
  try {
    chmodSync(path, PRIVATE_FILE);
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
  }
}
