import type { Statement } from 'better-sqlite3';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Db } from '../store/db.ts';

const PRUNE_EVERY_MS = 60_000;
/** Expired rows deleted per write at most: a batch costs a few milliseconds, whatever piled up before. */
export const PRUNE_BATCH = 200;
/** Free pages handed back to the file system after each batch (4 MB): more than a batch of bounded rows frees. */
const VACUUM_PAGES = 1024;

interface Row {
  payload: string;
  expires_at: number | null;
}

/**
 * What a revoked grant takes with it (as the provider's own memory adapter does). An interaction also names the
 * grant it would extend: revoking that grant, as signing the previous account out on an account switch does, must
 * not delete the sign-in under way.
 */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

/**
 * The provider's sessions, interactions, codes and grants in the emulator's database, instead of the provider's
 * development-only memory store. Expiry is by real time: the provider itself reads no other clock.
 */
export function sqliteAdapter(db: Db): AdapterFactory {
  const upsert: Statement<[Record<string, unknown>]> = db.prepare(
    `INSERT INTO idp_store (model, id, payload, grant_id, user_code, uid, expires_at)
     VALUES (@model, @id, @payload, @grantId, @userCode, @uid, @expiresAt)
     ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id,
       user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
  );
  const byId: Statement<[string, string], Row> = db.prepare(
    'SELECT payload, expires_at FROM idp_store WHERE model = ? AND id = ?',
  );
  const byUid: Statement<[string, string], Row> = db.prepare(
    'SELECT payload, expires_at FROM idp_store WHERE model = ? AND uid = ?',
  );
  const byUserCode: Statement<[string, string], Row> = db.prepare(
    'SELECT payload, expires_at FROM idp_store WHERE model = ? AND user_code = ?',
  );
  const consume: Statement<[number, string, string]> = db.prepare(
    "UPDATE idp_store SET payload = json_set(payload, '$.consumed', ?) WHERE model = ? AND id = ?",
  );
  const destroy: Statement<[string, string]> = db.prepare('DELETE FROM idp_store WHERE model = ? AND id = ?');
  const revoke: Statement<[string]> = db.prepare('DELETE FROM idp_store WHERE grant_id = ?');
  const prune: Statement<[number, number]> = db.prepare(
    `DELETE FROM idp_store WHERE rowid IN
       (SELECT rowid FROM idp_store WHERE expires_at <= ? ORDER BY expires_at LIMIT ?)`,
  );
  let nextPrune = 0;

  /** One batch of expired rows; while batches come back full, the next write deletes another. */
  function pruneBatch(now: number) {
    const deleted = prune.run(now, PRUNE_BATCH).changes;
    nextPrune = deleted === PRUNE_BATCH ? now : now + PRUNE_EVERY_MS;
    if (deleted > 0) db.pragma(`incremental_vacuum(${VACUUM_PAGES})`);
  }

  const live = (row: Row | undefined): AdapterPayload | undefined =>
    row && (row.expires_at === null || row.expires_at > Date.now())
      ? (JSON.parse(row.payload) as AdapterPayload)
      : undefined;

  return (model: string): Adapter => ({
    upsert(id, payload, expiresIn) {
      const now = Date.now();
      if (now >= nextPrune) pruneBatch(now);
      upsert.run({
        model,
        id,
        payload: JSON.stringify(payload),
        grantId: GRANTABLE.has(model) ? (payload.grantId ?? null) : null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? now + expiresIn * 1000 : null,
      });
      return Promise.resolve();
    },
    find: (id) => Promise.resolve(live(byId.get(model, id))),
    findByUid: (uid) => Promise.resolve(live(byUid.get(model, uid))),
    findByUserCode: (userCode) => Promise.resolve(live(byUserCode.get(model, userCode))),
    consume(id) {
      consume.run(Math.floor(Date.now() / 1000), model, id);
      return Promise.resolve();
    },
    destroy(id) {
      destroy.run(model, id);
      return Promise.resolve();
    },
    revokeByGrantId(grantId) {
      revoke.run(grantId);
      return Promise.resolve();
    },
  });
}
