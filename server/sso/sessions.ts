import type { Statement } from 'better-sqlite3';
import type { Clock } from '../runtime/clock.ts';
import type { Db } from '../store/db.ts';
import { digest, randomSecret } from './secrets.ts';

const SSO_SESSION_LIFETIME_MS = 8 * 60 * 60_000;

interface SessionRow {
  user_uid: string;
  expires_at: number;
}

/** Ends every single sign-on session at once (the control API's reset). */
export function endAllSsoSessions(db: Db) {
  db.prepare('DELETE FROM sso_sessions').run();
}

/**
 * Who a browser signed in as through single sign-on. The browser holds a random secret in a cookie; the
 * database holds only its digest, the user and the expiry (by the server's clock).
 */
export class SsoSessions {
  private readonly insert: Statement<[string, string, number, number]>;
  private readonly byId: Statement<[string], SessionRow>;
  private readonly remove: Statement<[string]>;
  private readonly prune: Statement<[number]>;

  constructor(
    db: Db,
    private readonly clock: Clock,
    readonly lifetimeMs = SSO_SESSION_LIFETIME_MS,
  ) {
    this.insert = db.prepare(
      'INSERT INTO sso_sessions (id_hash, user_uid, created_at, expires_at) VALUES (?, ?, ?, ?)',
    );
    this.byId = db.prepare('SELECT user_uid, expires_at FROM sso_sessions WHERE id_hash = ?');
    this.remove = db.prepare('DELETE FROM sso_sessions WHERE id_hash = ?');
    this.prune = db.prepare('DELETE FROM sso_sessions WHERE expires_at <= ?');
  }

  /** Starts a session; returns the secret for the cookie. */
  create(userUid: string): string {
    const now = this.clock.now();
    this.prune.run(now);
    const id = randomSecret();
    this.insert.run(digest(id), userUid, now, now + this.lifetimeMs);
    return id;
  }

  /** The user of a live session, or null. */
  find(id: string): string | null {
    const row = this.byId.get(digest(id));
    if (!row) return null;
    if (row.expires_at <= this.clock.now()) {
      this.remove.run(digest(id));
      return null;
    }
    return row.user_uid;
  }

  /** Ends a session, live or expired; returns whether there was one. */
  end(id: string): boolean {
    return this.remove.run(digest(id)).changes > 0;
  }
}
