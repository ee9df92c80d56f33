import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { getMeta, setMeta, type Db } from '../store/db.ts';
import { randomSecret } from './secrets.ts';

const KEY_META = 'sso-flow-cookie-key';

/** The key flow cookies are signed with: made on first use and kept in the database, like every other secret. */
export function loadFlowCookieKey(db: Db): Buffer {
  const existing = getMeta(db, KEY_META);
  if (existing) return existing;
  const key = randomBytes(32);
  setMeta(db, KEY_META, key);
  return key;
}

/**
 * The values of the flow cookie, which binds pending sign-ins to the browser that started them: a random secret
 * and its HMAC under this server's key. A value this server did not issue (planted by another site on the same
 * host, or issued by another emulator on another port: cookies are not kept apart by port) is never taken.
 */
export class FlowBindings {
  constructor(private readonly key: Buffer) {}

  issue(): string {
    const secret = randomSecret();
    return `${secret}.${this.mac(secret)}`;
  }

  isOurs(value: string): boolean {
    const [secret = '', mac = '', ...rest] = value.split('.');
    if (rest.length > 0 || !/^[\w-]{43}$/.test(secret)) return false;
    const expected = Buffer.from(this.mac(secret));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private mac(secret: string): string {
    return createHmac('sha256', this.key).update(secret).digest('base64url');
  }
}
