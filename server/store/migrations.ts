/** Schema migrations, applied in order; `PRAGMA user_version` records how many have run. Never edit a shipped one. */
export const migrations: readonly string[] = [
  `
  CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value BLOB NOT NULL
  ) STRICT;

  CREATE TABLE organizations (
    id INTEGER PRIMARY KEY,
    beid TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    admin_key_hash BLOB NOT NULL,
    admin_active INTEGER NOT NULL,
    admin_uid TEXT NOT NULL
  ) STRICT;

  CREATE TABLE users (
    uid TEXT PRIMARY KEY,
    reference_id INTEGER NOT NULL UNIQUE,
    org_id INTEGER NOT NULL REFERENCES organizations(id),
    username_key TEXT NOT NULL UNIQUE,
    password_hash TEXT,
    is_active INTEGER NOT NULL,
    type_id INTEGER NOT NULL,
    search_text TEXT NOT NULL,
    record TEXT NOT NULL
  ) STRICT;

  CREATE INDEX users_by_org ON users(org_id);
  `,
];
