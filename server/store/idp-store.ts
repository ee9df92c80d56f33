import type { Statement } from 'better-sqlite3';
import type { Db } from './db.ts';

/** Free pages handed back to the file system after each pruning (4 MB): more than a batch of bounded rows frees. */
const VACUUM_PAGES = 1024;

export interface IdpStoreRow {
  payload: string;
  expires_at: number | null;
}

/** A model instance of the embedded provider (session, interaction, code, grant, …) as `idp_store` keeps it. */
export interface IdpStoreEntry {
  model: string;
  id: string;
  payload: string;
  grantId: string | null;
  userCode: string | null;
  uid: string | null;
  expiresAt: number | null;
}

/** The queries on `idp_store`, the embedded provider's models, prepared once. */
export class IdpStoreRows {
  private readonly upsert: Statement<[IdpStoreEntry]>;
  private readonly byId: Statement<[string, string], IdpStoreRow>;
  private readonly byUid: Statement<[string, string], IdpStoreRow>;
  private readonly byUserCode: Statement<[string, string], IdpStoreRow>;
  private readonly consume: Statement<[number, string, string]>;
  private readonly destroy: Statement<[string, string]>;
  private readonly revoke: Statement<[string]>;
  private readonly prune: Statement<[number, number]>;

  constructor(private readonly db: Db) {
    this.upsert = db.prepare(
      `INSERT INTO idp_store (model, id, payload, grant_id, user_code, uid, expires_at)
       VALUES (@model, @id, @payload, @grantId, @userCode, @uid, @expiresAt)
       ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id,
         user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
    );
    this.byId = db.prepare('SELECT payload, expires_at FROM idp_store WHERE model = ? AND id = ?');
    this.byUid = db.prepare('SELECT payload, expires_at FROM idp_store WHERE model = ? AND uid = ?');
    this.byUserCode = db.prepare(
      'SELECT payload, expires_at FROM idp_store WHERE model = ? AND user_code = ?',
    );
    this.consume = db.prepare(
      "UPDATE idp_store SET payload = json_set(payload, '$.consumed', ?) WHERE model = ? AND id = ?",
    );
    this.destroy = db.prepare('DELETE FROM idp_store WHERE model = ? AND id = ?');
    this.revoke = db.prepare('DELETE FROM idp_store WHERE grant_id = ?');
    this.prune = db.prepare(
      `DELETE FROM idp_store WHERE rowid IN
         (SELECT rowid FROM idp_store WHERE expires_at <= ? ORDER BY expires_at LIMIT ?)`,
    );
  }

  save(entry: IdpStoreEntry): void {
    this.upsert.run(entry);
  }

  find(model: string, id: string): IdpStoreRow | undefined {
    return this.byId.get(model, id);
  }

  findByUid(model: string, uid: string): IdpStoreRow | undefined {
    return this.byUid.get(model, uid);
  }

  findByUserCode(model: string, userCode: string): IdpStoreRow | undefined {
    return this.byUserCode.get(model, userCode);
  }

  /** Marks an instance consumed at `atSeconds` (a code used once). */
  markConsumed(model: string, id: string, atSeconds: number): void {
    this.consume.run(atSeconds, model, id);
  }

  delete(model: string, id: string): void {
    this.destroy.run(model, id);
  }

  /** Deletes every instance that names the grant. */
  deleteGrant(grantId: string): void {
    this.revoke.run(grantId);
  }

  /**
   * Deletes at most `limit` rows that expired at `now` or before, oldest first, and hands the space they held
   * back to the file system (incremental auto-vacuum, see db.ts); returns how many it deleted.
   */
  deleteExpired(now: number, limit: number): number {
    const deleted = this.prune.run(now, limit).changes;
    if (deleted > 0) this.db.pragma(`incremental_vacuum(${VACUUM_PAGES})`);
    return deleted;
  }
}

/** Forgets everything the embedded provider stored (sessions, grants, codes, interactions): a new realm. */
export function deleteAllProviderRecords(db: Db): void {
  db.prepare('DELETE FROM idp_store').run();
}
