import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from './config-error.ts';

/**
 * Reads `.env` in the working directory into the environment, when there is one; variables already set in the
 * environment win over it. Returns the file's path, or null when there is none.
 */
export function loadEnvFile(cwd = process.cwd()): string | null {
  const path = resolve(cwd, '.env');
  if (!existsSync(path)) return null;
  try {
    process.loadEnvFile(path);
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    throw new ConfigError(`${path} could not be read (${reason}).`);
  }
  return path;
}
