import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Db } from '../store/db.ts';
import { IdpStoreRows, type IdpStoreRow } from '../store/idp-store.ts';

const PRUNE_EVERY_MS = 60_000;
/** Expired rows deleted per write at most: a batch costs a few milliseconds, whatever piled up before. */
export const PRUNE_BATCH = 200;
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
  const rows = new IdpStoreRows(db);
  let nextPrune = 0;

  /** One batch of expired rows; while batches come back full, the next write deletes another. */
  function pruneBatch(now: number) {
    const deleted = rows.deleteExpired(now, PRUNE_BATCH);
    nextPrune = deleted === PRUNE_BATCH ? now : now + PRUNE_EVERY_MS;
  }

  const live = (row: IdpStoreRow | undefined): AdapterPayload | undefined =>
    row && (row.expires_at === null || row.expires_at > Date.now())
      ? (JSON.parse(row.payload) as AdapterPayload)
      : undefined;

  return (model: string): Adapter => ({
    upsert(id, payload, expiresIn) {
      const now = Date.now();
      if (now >= nextPrune) pruneBatch(now);
      rows.save({
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
    find: (id) => Promise.resolve(live(rows.find(model, id))),
    findByUid: (uid) => Promise.resolve(live(rows.findByUid(model, uid))),
    findByUserCode: (userCode) => Promise.resolve(live(rows.findByUserCode(model, userCode))),
    consume(id) {
      rows.markConsumed(model, id, Math.floor(Date.now() / 1000));
      return Promise.resolve();
    },
    destroy(id) {
      rows.delete(model, id);
      return Promise.resolve();
    },
    revokeByGrantId(grantId) {
      rows.deleteGrant(grantId);
      return Promise.resolve();
    },
  });
}
