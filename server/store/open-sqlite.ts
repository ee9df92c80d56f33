import Database from 'better-sqlite3';

type Statement = Database.Statement<unknown[], unknown>;

/** Every database opened here, for the life of the process (see openSqlite). */
const kept: Database.Database[] = [];

function refuseIterate(): never {
  throw new Error(
    'iterate() makes an object per call that must never be collected: page with all() instead.',
  );
}

/**
 * Opens an SQLite database whose objects are never garbage-collected: the database is kept for the life of the
 * process, `prepare` makes one statement per SQL text and keeps it with the database (each call hands it out in
 * its default mode), `pragma` does the same for its own statements, and `iterate` is refused. Every database of
 * the server and of its tests is opened here.
 *
 * Why: better-sqlite3 12, the last line that builds for Node 20, wraps databases, statements and iterators in
 * `node::ObjectWrap`. From Node 24 on, that class adds an environment cleanup hook per object and removes it in its
 * destructor, finding the environment through the context V8 is in. A garbage collection outside any context
 * (one V8 starts while the process is idle, for instance) that frees such an object aborts the process:
 * `Assertion failed: (env) != nullptr` in `node::RemoveEnvironmentCleanupHook`. It took down three test files'
 * workers on Node 24.21 (26.12 has the same hook, though these tests did not trip it); Node 20's ObjectWrap has none.
 */
export function openSqlite(file: string, options?: Database.Options): Database.Database {
  const db = new Database(file, options);
  kept.push(db);
  const prepareNew = db.prepare.bind(db);
  const once = (statements: Map<string, Statement>, sql: string): Statement => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = prepareNew(sql);
      Object.defineProperty(statement, 'iterate', { value: refuseIterate });
      statements.set(sql, statement);
    }
    return statement;
  };
  const prepared = new Map<string, Statement>();
  const pragmas = new Map<string, Statement>();
  Object.defineProperties(db, {
    prepare: {
      value: (sql: string) => {
        const statement = once(prepared, sql);
        if (statement.reader) statement.pluck(false).expand(false).raw(false);
        return statement;
      },
    },
    pragma: {
      value: (source: string, { simple = false }: Database.PragmaOptions = {}) => {
        const sql = `PRAGMA ${source}`;
        const statement = once(pragmas, sql);
        if (!statement.reader) {
          // Stepped to its end, as a pragma such as incremental_vacuum needs (run() would step once).
          db.exec(sql);
          return simple ? undefined : [];
        }
        return simple ? statement.pluck(true).get() : statement.pluck(false).all();
      },
    },
  });
  return db;
}
