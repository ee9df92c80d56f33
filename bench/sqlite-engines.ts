import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { importRealm, parseRealm } from '../server/realm/realm.ts';
import { DB_FILE_NAME, openDb } from '../server/store/db.ts';
import { openSqlite } from '../server/store/open-sqlite.ts';
import { median } from './stats.ts';

/**
 * The server's own queries on better-sqlite3 and on Node's built-in node:sqlite, one database file for both (the
 * demo realm and GENERATED users more): for the decision in docs/development.md ("node:sqlite in place of
 * better-sqlite3"). Node 22.13 or later: `node --import tsx bench/sqlite-engines.ts`.
 */
const GENERATED = 5_000;
/** The demo realm's first organization (BEIDInt 1001), which the generated users join. */
const ORGANIZATION = 1001;
const ROUNDS = 5;

interface Query {
  name: string;
  sql: string;
  params: () => unknown[];
  /** Calls per round. */
  calls: number;
  method: 'get' | 'all' | 'run';
}

interface AnyStatement {
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown;
  run(...params: unknown[]): unknown;
}

let call = 0;
const QUERIES: Query[] = [
  {
    name: 'user row by user name (a sign-in; a bearer check when not cached)',
    sql: 'SELECT * FROM users WHERE username_key = ?',
    params: () => [`generated${call++ % GENERATED}@example.org`],
    calls: 100_000,
    method: 'get',
  },
  {
    name: 'PRAGMA data_version (the user cache, at most every 100 ms)',
    sql: 'PRAGMA data_version',
    params: () => [],
    calls: 100_000,
    method: 'get',
  },
  {
    name: 'people lookup, first 50 matches of "generated1"',
    sql: `SELECT record FROM users WHERE org_id = ? AND type_id != 9 AND search_text LIKE ? ESCAPE '\\'
          ORDER BY username_key LIMIT ?`,
    params: () => [ORGANIZATION, '%generated1%', 50],
    calls: 2_000,
    method: 'all',
  },
  {
    name: 'one user row written (WAL, synchronous=FULL, one commit each)',
    sql: "UPDATE users SET record = json_set(record, '$.Title', ?) WHERE username_key = ?",
    params: () => [`Title ${call}`, `generated${call++ % GENERATED}@example.org`],
    calls: 1_000,
    method: 'run',
  },
];

function perSecond(statement: AnyStatement, query: Query): number {
  const started = performance.now();
  for (let i = 0; i < query.calls; i++) statement[query.method](...query.params());
  return (query.calls / (performance.now() - started)) * 1000;
}

async function main() {
  // By name held in a variable: the project's Node types are Node 20's, which have no node:sqlite.
  const builtInModule = 'node:sqlite';
  const { DatabaseSync } = (await import(builtInModule)) as {
    DatabaseSync: new (
      path: string,
      options?: { timeout?: number },
    ) => {
      prepare(sql: string): AnyStatement;
      exec(sql: string): void;
      close(): void;
    };
  };
  const dir = mkdtempSync(join(tmpdir(), 'sqlite-engines-'));
  try {
    const realm = parseRealm(
      JSON.parse(readFileSync(join(import.meta.dirname, '../server/realm/demo.json'), 'utf8')),
    );
    realm.organizations[0]!.Users.push(
      ...Array.from({ length: GENERATED }, (_, i) => ({
        UserName: `generated${i}@example.org`,
        FirstName: 'Generated',
        LastName: `Person ${i}`,
      })),
    );
    const seeded = openDb(dir);
    await importRealm(seeded, realm);
    seeded.close();

    const file = join(dir, DB_FILE_NAME);
    // better-sqlite3 builds SQLite with a 16 MB page cache; node:sqlite's is SQLite's default 2 MB, which a
    // switch would raise with a pragma: both are measured.
    const connections = {
      'better-sqlite3': openSqlite(file),
      'node:sqlite': new DatabaseSync(file, { timeout: 5000 }),
      'node:sqlite, 16 MB cache': new DatabaseSync(file, { timeout: 5000 }),
    };
    for (const db of Object.values(connections)) db.exec('PRAGMA synchronous = FULL');
    connections['node:sqlite, 16 MB cache'].exec('PRAGMA cache_size = -16000');
    console.log(
      `Node ${process.version}; ${GENERATED + 5} users; medians of ${ROUNDS} rounds, connections alternating`,
    );
    for (const query of QUERIES) {
      const rounds = Object.entries(connections).map(([name, db]) => {
        const statement: AnyStatement = db.prepare(query.sql);
        return { name, statement, perSecond: [] as number[] };
      });
      for (let round = 0; round < ROUNDS; round++) {
        for (const each of rounds) each.perSecond.push(perSecond(each.statement, query));
      }
      const [first, ...others] = rounds.map((each) => ({ name: each.name, median: median(each.perSecond) }));
      const figure = (value: number) => `${Math.round(value).toLocaleString('en-US')}/s`;
      console.log(
        `${query.name}: ${first!.name} ${figure(first!.median)}, ` +
          others
            .map(
              (other) =>
                `${other.name} ${figure(other.median)} (${(other.median / first!.median).toFixed(2)} ×)`,
            )
            .join(', '),
      );
    }
    for (const db of Object.values(connections)) db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
