import { randomBytes } from 'node:crypto';
import { getMeta, setMeta, type Db } from './db.ts';

const CURRENT = 'token-signing-key';
const RETIRED = 'token-retired-keys';
const KEY_BYTES = 64;
/**
 * Retired keys kept: each `tokens/expire` retires one, and a token of a key older than these is then refused as
 * forged rather than as expired (a 401 all the same). It bounds what a token with a bad signature costs to check.
 */
export const MAX_RETIRED_KEYS = 100;

export interface SigningKeys {
  /** What new tokens are signed with. */
  current: Buffer;
  /** Keys of tokens made to expire, newest first: a token they signed is refused as expired. */
  retired: Buffer[];
}

/** Stored as a JSON array of base64 texts. */
function parseRetired(blob: Buffer | undefined): Buffer[] {
  if (!blob) return [];
  const keys = JSON.parse(blob.toString('utf8')) as string[];
  return keys.map((key) => Buffer.from(key, 'base64'));
}

/**
 * The HS256 keys of the emulator's tokens, in the meta table: made on first start and kept, so that tokens outlive
 * a restart, and so do the retired ones, so that a token made to expire stays expired.
 */
export function loadSigningKeys(db: Db): SigningKeys {
  const current = getMeta(db, CURRENT);
  const retired = parseRetired(getMeta(db, RETIRED));
  if (current && current.length >= 32) return { current, retired };
  const made = randomBytes(KEY_BYTES);
  setMeta(db, CURRENT, made);
  return { current: made, retired };
}

/** Retires the current key and makes a new one, in one transaction; returns the keys as they now are. */
export function retireSigningKey(db: Db): SigningKeys {
  return db.transaction(() => {
    const { current, retired } = loadSigningKeys(db);
    const kept = [current, ...retired].slice(0, MAX_RETIRED_KEYS);
    const next = randomBytes(KEY_BYTES);
    setMeta(db, RETIRED, JSON.stringify(kept.map((key) => key.toString('base64'))));
    setMeta(db, CURRENT, next);
    return { current: next, retired: kept };
  })();
}

/**
 * Puts a new key in place of every key before it, retired ones too (a new realm): every token issued until now is
 * refused, as one this server never signed.
 */
export function replaceSigningKeys(db: Db): void {
  setMeta(db, RETIRED, JSON.stringify([]));
  setMeta(db, CURRENT, randomBytes(KEY_BYTES));
}
