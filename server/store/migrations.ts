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
  `
  CREATE TABLE sso_flows (
    state_hash TEXT PRIMARY KEY,
    binding_hash TEXT NOT NULL,
    nonce TEXT NOT NULL,
    code_verifier TEXT NOT NULL,
    return_to TEXT,
    api_base TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    used_at INTEGER
  ) STRICT;

  CREATE INDEX sso_flows_by_binding ON sso_flows(binding_hash, created_at);

  CREATE TABLE sso_sessions (
    id_hash TEXT PRIMARY KEY,
    user_uid TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  ) STRICT;

  CREATE TABLE idp_store (
    model TEXT NOT NULL,
    id TEXT NOT NULL,
    payload TEXT NOT NULL,
    grant_id TEXT,
    user_code TEXT,
    uid TEXT,
    expires_at INTEGER,
    PRIMARY KEY (model, id)
  ) STRICT;

  CREATE INDEX idp_store_by_grant ON idp_store(grant_id);
  CREATE INDEX idp_store_by_uid ON idp_store(model, uid);
  CREATE INDEX idp_store_by_user_code ON idp_store(model, user_code);

  CREATE INDEX users_by_primary_email ON users(lower(json_extract(record, '$.PrimaryEmail')));
  `,
  `
  CREATE INDEX idp_store_by_expiry ON idp_store(expires_at);

  DROP TABLE sso_flows;
  `,
  `
  ALTER TABLE users ADD COLUMN name_fold TEXT NOT NULL DEFAULT '';
  ALTER TABLE users ADD COLUMN email_fold TEXT NOT NULL DEFAULT '';
  UPDATE users SET
    name_fold = identity_fold(json_extract(record, '$.UserName')),
    email_fold = identity_fold(coalesce(json_extract(record, '$.PrimaryEmail'), ''));
  DROP INDEX users_by_primary_email;
  CREATE INDEX users_by_name_fold ON users(name_fold);
  CREATE INDEX users_by_email_fold ON users(email_fold);
  `,
  `
  ALTER TABLE organizations ADD COLUMN tdx_entity TEXT;
  ALTER TABLE organizations ADD COLUMN tdx_partition TEXT;
  `,
  `
  CREATE TABLE idp_identities (
    name_key TEXT PRIMARY KEY,
    user_name TEXT NOT NULL,
    email TEXT NOT NULL,
    name TEXT NOT NULL,
    password_hash TEXT NOT NULL
  ) STRICT;
  `,
];
