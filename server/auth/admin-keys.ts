import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * WebServicesKeys are random GUIDs (122 bits), so a plain SHA-256 is enough to keep them out of the database
 * in the clear; comparing digests of equal length keeps the comparison constant-time.
 */
export function hashAdminKey(key: string): Buffer {
  return createHash('sha256').update(key.toLowerCase()).digest();
}

export function adminKeyMatches(key: string, storedHash: Buffer): boolean {
  const candidate = hashAdminKey(key);
  return storedHash.length === candidate.length && timingSafeEqual(candidate, storedHash);
}
