import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL- and cookie-safe. */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of a secret, so that reading it does not let anyone use the secret. */
export function digest(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

/** A cookie value this server could have made: anything else is treated as no cookie at all. */
export function isSecretShaped(value: string | undefined): value is string {
  return value !== undefined && /^[A-Za-z0-9_-]{43}$/.test(value);
}
