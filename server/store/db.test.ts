import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DB_FILE_NAME, openDb } from './db.ts';
import { openSqlite } from './open-sqlite.ts';
import { migrations } from './migrations.ts';

describe('opening a database made by an earlier version', () => {
  it('turns on incremental auto-vacuum, drops the stored SSO flows and keeps everything else', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'db-upgrade-'));
    try {
      const old = openSqlite(join(dataDir, DB_FILE_NAME));
      old.pragma('journal_mode = WAL');
      old.exec(migrations[0]!);
      old.exec(migrations[1]!);
      old.pragma('user_version = 2');
      old.prepare("INSERT INTO meta (key, value) VALUES ('seeded', x'01')").run();
      expect(old.pragma('auto_vacuum', { simple: true })).toBe(0);
      old.close();

      const db = openDb(dataDir);
      try {
        expect(db.pragma('auto_vacuum', { simple: true })).toBe(2);
        expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
        const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all();
        expect(tables).not.toContain('sso_flows');
        expect(tables).toContain('idp_store');
        expect(db.prepare("SELECT count(*) FROM meta WHERE key = 'seeded'").pluck().get()).toBe(1);
      } finally {
        db.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
