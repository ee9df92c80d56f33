import type { UserRow } from '../store/rows.ts';
import { userNameOf, type Users } from '../store/users.ts';
import type { TokenSubject } from './tokens.ts';

/**
 * `tdx_partition` when the realm gives none. The real service's meaning for it is undocumented; a real token of
 * 2025 had "18".
 */
const DEFAULT_PARTITION = '1';

/**
 * Whom a token for this user is issued to: its UserName, and its organization's `tdx_entity` (the realm's
 * TdxEntity, or the organization's BEIDInt: BEID is the Business Entity ID) and `tdx_partition` claims.
 */
export function tokenSubject(users: Users, user: UserRow): TokenSubject {
  const org = users.findOrgById(user.org_id);
  return {
    username: userNameOf(user),
    entity: org?.tdx_entity ?? String(user.org_id),
    partition: org?.tdx_partition ?? DEFAULT_PARTITION,
  };
}
