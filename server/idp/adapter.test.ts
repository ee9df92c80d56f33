import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../store/db.ts';
import { PRUNE_BATCH, sqliteAdapter } from './adapter.ts';

const PAYLOAD = JSON.stringify({ params: { nonce: 'n'.repeat(4000) } });

describe('the provider store clean-up', () => {
  let dataDir: string;
  let db: Db;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'idp-adapter-'));
    db = openDb(dataDir);
  });
  afterEach(() => {
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const expired = () =>
    db.prepare('SELECT count(*) FROM idp_store WHERE expires_at <= ?').pluck().get(Date.now());

  function addExpired(count: number) {
    const insert = db.prepare(
      "INSERT INTO idp_store (model, id, payload, expires_at) VALUES ('Interaction', ?, ?, ?)",
    );
    db.transaction(() => {
      for (let i = 0; i < count; i++) insert.run(`old-${Math.random()}`, PAYLOAD, Date.now() - 60_000);
    })();
  }

  it('deletes expired rows a bounded batch per write, until none are left, then waits a minute', async () => {
    addExpired(3 * PRUNE_BATCH + 10);
    const interactions = sqliteAdapter(db)('Interaction');
    const left: number[] = [];
    for (let i = 0; i < 5; i++) {
      await interactions.upsert(`new-${i}`, { uid: `u${i}` }, 600);
      left.push(expired() as number);
    }
    expect(left).toEqual([2 * PRUNE_BATCH + 10, PRUNE_BATCH + 10, 10, 0, 0]);
    addExpired(10);
    await interactions.upsert('later', { uid: 'later' }, 600);
    expect(expired()).toBe(10);
    expect(db.prepare("SELECT count(*) FROM idp_store WHERE id LIKE 'new-%'").pluck().get()).toBe(5);
  });

  it('finds expired rows through an index, not by reading the table', () => {
    const plan = db
      .prepare(
        'EXPLAIN QUERY PLAN SELECT rowid FROM idp_store WHERE expires_at <= ? ORDER BY expires_at LIMIT ?',
      )
      .all(0, PRUNE_BATCH) as { detail: string }[];
    expect(plan.map((step) => step.detail).join('\n')).toMatch(/USING (COVERING )?INDEX idp_store_by_expiry/);
  });

  it('gives the space of deleted rows back to the file system', async () => {
    addExpired(1_000);
    const pages = () => db.pragma('page_count', { simple: true }) as number;
    const full = pages();
    const interactions = sqliteAdapter(db)('Interaction');
    for (let i = 0; expired() !== 0; i++) await interactions.upsert(`new-${i}`, { uid: `u${i}` }, 600);
    expect(db.pragma('freelist_count', { simple: true })).toBeLessThan(16);
    expect(pages()).toBeLessThan(full / 10);
  });
});
