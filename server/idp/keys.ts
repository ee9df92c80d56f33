import { createHash, generateKeyPairSync, randomBytes, type JsonWebKey } from 'node:crypto';
import { getMeta, setMeta, type Db } from '../store/db.ts';

const JWKS_META = 'idp-signing-jwks';
const COOKIE_KEYS_META = 'idp-cookie-keys';

export interface IdpKeys {
  /** Private signing keys (RS256), as the provider takes them. */
  jwks: { keys: JsonWebKey[] };
  /** Keys the provider signs its cookies with. */
  cookieKeys: string[];
}

/** RFC 7638 thumbprint: a key id that follows from the key itself. */
function thumbprint(jwk: JsonWebKey): string {
  const canonical = JSON.stringify({ e: jwk.e, kty: jwk.kty, n: jwk.n });
  return createHash('sha256').update(canonical).digest('base64url');
}

function stored<T>(db: Db, key: string, make: () => T): T {
  const existing = getMeta(db, key);
  if (existing) return JSON.parse(existing.toString('utf8')) as T;
  const value = make();
  setMeta(db, key, JSON.stringify(value));
  return value;
}

/** The embedded provider's keys: made on first use and kept in the database, so they survive restarts. */
export function loadIdpKeys(db: Db): IdpKeys {
  const jwks = stored(db, JWKS_META, () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = privateKey.export({ format: 'jwk' });
    return { keys: [{ ...jwk, kid: thumbprint(jwk), alg: 'RS256', use: 'sig' }] };
  });
  const cookieKeys = stored(db, COOKIE_KEYS_META, () => [randomBytes(32).toString('base64url')]);
  return { jwks, cookieKeys };
}
