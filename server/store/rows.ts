/** A row of the users table. */
export interface UserRow {
  uid: string;
  reference_id: number;
  org_id: number;
  username_key: string;
  password_hash: string | null;
  is_active: number;
  type_id: number;
  name_fold: string;
  email_fold: string;
  record: string;
}

/** A row of the organizations table. */
export interface OrgRow {
  id: number;
  beid: string;
  name: string;
  admin_key_hash: Buffer;
  admin_active: number;
  admin_uid: string;
  /** The digits of its tokens' `tdx_entity` and `tdx_partition` claims; null: the emulator's default. */
  tdx_entity: string | null;
  tdx_partition: string | null;
}
