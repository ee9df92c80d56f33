import type { Statement } from 'better-sqlite3';
import type { Db } from './db.ts';

export interface SsoSessionRow {
  user_uid: string;
  expires_at: number;
}

/** The queries on `sso_sessions`, prepared once: rows keyed by the digest of a session's secret. */
export class SsoSessionRows {
  private readonly insert: Statement<[string, string, number, number]>;
  private readonly byId: Statement<[string], SsoSessionRow>;
  private readonly remove: Statement<[string]>;
  private readonly prune: Statement<[number]>;

  constructor(db: Db) {
    this.insert = db.prepare(
      'INSERT INTO sso_sessions (id_hash, user_uid, created_at, expires_at) VALUES (?, ?, ?, ?)',
    );
    this.byId = db.prepare('SELECT user_uid, expires_at FROM sso_sessions WHERE id_hash = ?');
    this.remove = db.prepare('DELETE FROM sso_sessions WHERE id_hash = ?');
    this.prune = db.prepare('DELETE FROM sso_sessions WHERE expires_at <= ?');
  }

  add(idHash: string, userUid: string, createdAt: number, expiresAt: number): void {
    this.insert.run(idHash, userUid, createdAt, expiresAt);
  }

  find(idHash: string): SsoSessionRow | undefined {
    return this.byId.get(idHash);
  }

  /** Deletes a row; returns whether there was one. */
  delete(idHash: string): boolean {
    return this.remove.run(idHash).changes > 0;
  }

  /** Deletes the rows that expired at `now` or before. */
  deleteExpired(now: number): void {
    this.prune.run(now);
  }
}

/** Ends every single sign-on session at once (the control API's reset). */
export function deleteAllSsoSessions(db: Db): void {
  db.prepare('DELETE FROM sso_sessions').run();
}
