import type { Clock } from '../runtime/clock.ts';
import type { Db } from '../store/db.ts';
import { SsoSessionRows } from '../store/sso-sessions.ts';
import { digest, randomSecret } from './secrets.ts';

const SSO_SESSION_LIFETIME_MS = 8 * 60 * 60_000;

/**
 * Who a browser signed in as through single sign-on. The browser holds a random secret in a cookie; the
 * database holds only its digest, the user and the expiry (by the server's clock).
 */
export class SsoSessions {
  private readonly rows: SsoSessionRows;

  constructor(
    db: Db,
    private readonly clock: Clock,
    readonly lifetimeMs = SSO_SESSION_LIFETIME_MS,
  ) {
    this.rows = new SsoSessionRows(db);
  }

  /** Starts a session; returns the secret for the cookie. */
  create(userUid: string): string {
    const now = this.clock.now();
    this.rows.deleteExpired(now);
    const id = randomSecret();
    this.rows.add(digest(id), userUid, now, now + this.lifetimeMs);
    return id;
  }

  /** The user of a live session, or null. */
  find(id: string): string | null {
    const row = this.rows.find(digest(id));
    if (!row) return null;
    if (row.expires_at <= this.clock.now()) {
      this.rows.delete(digest(id));
      return null;
    }
    return row.user_uid;
  }

  /** Ends a session, live or expired; returns whether there was one. */
  end(id: string): boolean {
    return this.rows.delete(digest(id));
  }
}
