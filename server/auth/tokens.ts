import { randomBytes, webcrypto } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import type { Clock } from '../runtime/clock.ts';
import { getMeta, setMeta, type Db } from '../store/db.ts';

const TOKEN_ISSUER = 'TD';
const TOKEN_AUDIENCE = 'https://www.teamdynamix.com/';
export const TOKEN_LIFETIME_SECONDS = 86_400;
const KEY_META = 'token-signing-key';
const MAX_TOKEN_LENGTH = 4096;
const MAX_CACHED = 10_000;

interface VerifiedToken {
  username: string;
  nbf: number;
  exp: number;
}

/** Why an expired token is refused (also what a scripted 401 of the control API says). */
export const TOKEN_EXPIRED = 'The token has expired.';

export type TokenCheck = { ok: true; username: string } | { ok: false; reason: string };

/** The HS256 signing key: made on first start and kept in the database, so tokens outlive a restart. */
export function loadSigningKey(db: Db): Buffer {
  const existing = getMeta(db, KEY_META);
  if (existing && existing.length >= 32) return existing;
  const key = randomBytes(64);
  setMeta(db, KEY_META, key);
  return key;
}

/** Issues and checks bearer tokens shaped like the real service's: HS256, `unique_name`, iss, aud, nbf, exp. */
export class Tokens {
  /**
   * Tokens whose signature and fixed claims already verified. The same text always verifies the same way, so only
   * the time window is checked again; this keeps the HMAC out of the hot path of a client reusing its token.
   */
  private readonly verified = new Map<string, VerifiedToken>();

  private constructor(
    private readonly key: webcrypto.CryptoKey,
    private readonly clock: Clock,
    private readonly lifetimeSeconds: number,
  ) {}

  static async create(
    secret: Buffer,
    clock: Clock,
    lifetimeSeconds = TOKEN_LIFETIME_SECONDS,
  ): Promise<Tokens> {
    const key = await webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    return new Tokens(key, clock, lifetimeSeconds);
  }

  issue(username: string): Promise<string> {
    const nbf = Math.floor(this.clock.now() / 1000);
    return new SignJWT({
      unique_name: username,
      iss: TOKEN_ISSUER,
      aud: TOKEN_AUDIENCE,
      exp: nbf + this.lifetimeSeconds,
      nbf,
    })
      .setProtectedHeader({ typ: 'JWT', alg: 'HS256' })
      .sign(this.key);
  }

  /** How many verified tokens are remembered (each one canonical token text). */
  get cachedCount(): number {
    return this.verified.size;
  }

  async verify(token: string): Promise<TokenCheck> {
    if (token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'The token is too long.' };
    const cached = this.verified.get(token);
    if (cached) return this.checkWindow(token, cached);
    // Checked only here: the cache holds nothing else, so another spelling of a cached token misses it too.
    if (!isCanonicalCompactJws(token)) return { ok: false, reason: 'The token is malformed.' };
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        requiredClaims: ['exp', 'nbf', 'unique_name'],
        currentDate: new Date(this.clock.now()),
      });
      const username = payload.unique_name;
      if (typeof username !== 'string' || username === '') {
        return { ok: false, reason: 'The token names no user.' };
      }
      this.remember(token, { username, nbf: payload.nbf!, exp: payload.exp! });
      return { ok: true, username };
    } catch (error) {
      return { ok: false, reason: reasonFor(error) };
    }
  }

  /** The same time checks jose makes: whole seconds, expired when exp <= now, not yet valid when nbf > now. */
  private checkWindow(token: string, entry: VerifiedToken): TokenCheck {
    const now = Math.floor(this.clock.now() / 1000);
    if (entry.exp <= now) {
      this.verified.delete(token);
      return { ok: false, reason: TOKEN_EXPIRED };
    }
    if (entry.nbf > now) return { ok: false, reason: 'The token is not valid yet.' };
    return { ok: true, username: entry.username };
  }

  private remember(token: string, entry: VerifiedToken) {
    if (this.verified.size >= MAX_CACHED) {
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    this.verified.set(token, entry);
  }
}

const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * Whether each of the three parts is the one base64url spelling of its bytes: no padding, no `+` or `/`, and no
 * unused low bits set in the last character. Node decodes all of those leniently to the same bytes, so without
 * this one token would verify under about 32 spellings, each taking its own place in the cache.
 */
function isCanonicalCompactJws(token: string): boolean {
  if (!COMPACT_JWS.test(token)) return false;
  return token.split('.').every((part) => Buffer.from(part, 'base64url').toString('base64url') === part);
}

function reasonFor(error: unknown): string {
  if (error instanceof errors.JWTExpired) return TOKEN_EXPIRED;
  if (error instanceof errors.JWTClaimValidationFailed) {
    return error.claim === 'nbf'
      ? 'The token is not valid yet.'
      : `The token's "${error.claim}" claim is not acceptable.`;
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return 'The token is not signed with HS256.';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'The token signature is not valid.';
  return 'The token is malformed.';
}
