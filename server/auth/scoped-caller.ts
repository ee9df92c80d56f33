import type { ScopedCaller } from '../http/router.ts';
import type { Users } from '../store/users.ts';
import { authenticate } from './bearer.ts';
import type { Tokens } from './tokens.ts';

/**
 * Who a call counts as for an operation the service limits per user or per organization: its token's user, or its
 * organization (by BEID). The token is checked first, so a call without a good one gets the 401 it would get anyway,
 * counted by no one: a limit per user cannot count a caller it does not know.
 */
export function scopedCaller(tokens: Tokens, users: Users): ScopedCaller {
  return async (req, scope) => {
    const { user } = await authenticate(req, tokens, users);
    if (scope === 'user') return `user ${user.uid}`;
    return `organization ${users.findOrgById(user.org_id)?.beid ?? user.org_id}`;
  };
}
