import { createHmac, timingSafeEqual, webcrypto } from 'node:crypto';
import { CompactSign, errors, jwtVerify } from 'jose';
import type { Clock } from '../runtime/clock.ts';
import type { SigningKeys } from '../store/signing-keys.ts';

const TOKEN_ISSUER = 'TD';
const TOKEN_AUDIENCE = 'https://www.teamdynamix.com/';
export const TOKEN_LIFETIME_SECONDS = 86_400;
const MAX_TOKEN_LENGTH = 4096;
const MAX_CACHED = 10_000;
/** The real service's header, in its order: the first segment of every token is the same text. */
const HEADER = { alg: 'HS256', typ: 'JWT' } as const;

interface VerifiedToken {
  username: string;
  nbf: number;
  exp: number;
}

/** Whom a token is for: the user name, and the two numbers (as digits) the real service adds for the organization. */
export interface TokenSubject {
  username: string;
  entity: string;
  partition: string;
}

/** Why an expired token is refused (also what a scripted 401 of the control API says). */
export const TOKEN_EXPIRED = 'The token has expired.';

export type TokenCheck = { ok: true; username: string } | { ok: false; reason: string };

const importKey = (secret: Buffer) =>
  webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);

/**
 * Issues and checks bearer tokens shaped like the real service's: HS256, its header and claims in its order
 * (`unique_name`, `tdx_entity`, `tdx_partition`, `nbf`, `exp`, `iat`, `iss`, `aud`), times from the one clock.
 */
export class Tokens {
  /**
   * Tokens whose signature and fixed claims already verified. The same text always verifies the same way, so only
   * the time window is checked again; this keeps the HMAC out of the hot path of a client reusing its token.
   */
  private readonly verified = new Map<string, VerifiedToken>();

  private constructor(
    private key: webcrypto.CryptoKey,
    private retired: Buffer[],
    private readonly clock: Clock,
    private readonly lifetimeSeconds: number,
  ) {}

  static async create(
    keys: SigningKeys,
    clock: Clock,
    lifetimeSeconds = TOKEN_LIFETIME_SECONDS,
  ): Promise<Tokens> {
    return new Tokens(await importKey(keys.current), keys.retired, clock, lifetimeSeconds);
  }

  /**
   * Signs from now on with `keys.current`, and refuses as expired every token a retired key signed: what
   * `POST /_emulator/tokens/expire` does, once the store has retired the key.
   */
  async useKeys(keys: SigningKeys): Promise<void> {
    this.key = await importKey(keys.current);
    this.retired = keys.retired;
    this.verified.clear();
  }

  issue(subject: TokenSubject): Promise<string> {
    const nbf = Math.floor(this.clock.now() / 1000);
    // Written out in the real service's order; jose's SignJWT would put the claims in an order of its own.
    const claims = {
      unique_name: subject.username,
      tdx_entity: subject.entity,
      tdx_partition: subject.partition,
      nbf,
      exp: nbf + this.lifetimeSeconds,
      iat: nbf,
      iss: TOKEN_ISSUER,
      aud: TOKEN_AUDIENCE,
    };
    return new CompactSign(Buffer.from(JSON.stringify(claims))).setProtectedHeader(HEADER).sign(this.key);
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
    const key = this.key;
    try {
      const { payload } = await jwtVerify(token, key, {
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
      // Unless its key was retired while it was being checked: then it is one of the tokens made to expire.
      if (key !== this.key) return { ok: false, reason: TOKEN_EXPIRED };
      this.remember(token, { username, nbf: payload.nbf!, exp: payload.exp! });
      return { ok: true, username };
    } catch (error) {
      if (error instanceof errors.JWSSignatureVerificationFailed && this.signedByRetiredKey(token)) {
        return { ok: false, reason: TOKEN_EXPIRED };
      }
      return { ok: false, reason: reasonFor(error) };
    }
  }

  /** Whether a retired key made this HS256 token's signature: it was issued before its tokens were expired. */
  private signedByRetiredKey(token: string): boolean {
    const [header = '', payload = '', signature = ''] = token.split('.');
    if (this.retired.length === 0 || !isHs256Header(header)) return false;
    const presented = Buffer.from(signature, 'base64url');
    return this.retired.some((key) => {
      const expected = createHmac('sha256', key).update(`${header}.${payload}`).digest();
      return expected.length === presented.length && timingSafeEqual(expected, presented);
    });
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

function isHs256Header(part: string): boolean {
  try {
    const header = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    return typeof header === 'object' && header !== null && (header as { alg?: unknown }).alg === 'HS256';
  } catch {
    return false;
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
