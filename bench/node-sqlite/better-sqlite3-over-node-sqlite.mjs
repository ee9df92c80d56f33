// The part of better-sqlite3's API the server uses, over Node's built-in node:sqlite: a measuring instrument for the
// question whether to move off better-sqlite3 (docs/development.md), loaded only by register.mjs, never by the server.
import { DatabaseSync } from 'node:sqlite';

/** node:sqlite answers BLOBs as Uint8Array; better-sqlite3, and the server reading them, as Buffer. */
const asBuffer = (value) =>
  value instanceof Uint8Array && !Buffer.isBuffer(value)
    ? Buffer.from(value.buffer, value.byteOffset, value.byteLength)
    : value;

/** better-sqlite3 binds an array's items as anonymous parameters; a named-parameter object comes first. */
const bound = (params) => params.flatMap((param) => (Array.isArray(param) ? param : [param]));

class Statement {
  #statement;
  #mode = 'object';

  constructor(statement) {
    this.#statement = statement;
    this.reader = statement.columns().length > 0;
  }

  pluck(on = true) {
    this.#mode = on ? 'pluck' : this.#mode === 'pluck' ? 'object' : this.#mode;
    return this;
  }

  raw(on = true) {
    this.#mode = on ? 'raw' : this.#mode === 'raw' ? 'object' : this.#mode;
    return this;
  }

  expand(on = true) {
    if (on) throw new Error('expand() is not part of this stand-in');
    return this;
  }

  #shape(row) {
    if (row === undefined) return undefined;
    if (this.#mode === 'object') {
      for (const key in row) row[key] = asBuffer(row[key]);
      return row;
    }
    const values = Object.values(row).map(asBuffer);
    return this.#mode === 'pluck' ? values[0] : values;
  }

  get(...params) {
    return this.#shape(this.#statement.get(...bound(params)));
  }

  all(...params) {
    return this.#statement.all(...bound(params)).map((row) => this.#shape(row));
  }

  run(...params) {
    const { changes, lastInsertRowid } = this.#statement.run(...bound(params));
    return { changes: Number(changes), lastInsertRowid };
  }
}

export default class Database {
  #db;
  #depth = 0;

  constructor(file, options = {}) {
    // better-sqlite3's defaults: foreign keys as SQLite leaves them (off), a 5 s busy timeout.
    this.#db = new DatabaseSync(file, {
      readOnly: options.readonly ?? false,
      enableForeignKeyConstraints: false,
      timeout: options.timeout ?? 5000,
    });
  }

  get open() {
    return this.#db.isOpen;
  }

  prepare(sql) {
    return new Statement(this.#db.prepare(sql));
  }

  exec(sql) {
    this.#db.exec(sql);
    return this;
  }

  pragma(source, { simple = false } = {}) {
    const statement = this.prepare(`PRAGMA ${source}`);
    if (!statement.reader) {
      this.#db.exec(`PRAGMA ${source}`);
      return simple ? undefined : [];
    }
    return simple ? statement.pluck().get() : statement.all();
  }

  function(name, options, fn) {
    const [settings, body] = typeof options === 'function' ? [{}, options] : [options, fn];
    this.#db.function(name, { deterministic: Boolean(settings.deterministic) }, body);
    return this;
  }

  /** As better-sqlite3's: BEGIN … COMMIT, a savepoint when nested, rolled back on a throw. */
  transaction(fn) {
    return (...args) => {
      const savepoint = `t${this.#depth}`;
      const outer = this.#depth === 0;
      this.#db.exec(outer ? 'BEGIN' : `SAVEPOINT ${savepoint}`);
      this.#depth++;
      try {
        const result = fn(...args);
        this.#db.exec(outer ? 'COMMIT' : `RELEASE ${savepoint}`);
        return result;
      } catch (error) {
        this.#db.exec(outer ? 'ROLLBACK' : `ROLLBACK TO ${savepoint}; RELEASE ${savepoint}`);
        throw error;
      } finally {
        this.#depth--;
      }
    };
  }

  close() {
    this.#db.close();
    return this;
  }
}
