import { gzipSync } from 'node:zlib';

/** A body's size as a server with compression would send it. */
export function gzipSize(body: Buffer): number {
  return gzipSync(body, { level: 9 }).length;
}
