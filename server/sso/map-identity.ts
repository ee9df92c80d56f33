import type { UserRow } from '../store/rows.ts';
import type { Users } from '../store/users.ts';
import { SsoFailure } from './failures.ts';
import type { ProviderIdentity } from './relying-party.ts';

/** How an identity is matched: which claim, and whether an unverified e-mail address may be. */
export interface Matching {
  claim: string;
  allowUnverifiedEmail: boolean;
}

/**
 * The realm user an identity stands for: the only one whose UserName or PrimaryEmail is its claim (under the identity
 * rule of `foldIdentity`), if active.
 */
export function userForIdentity(users: Users, matching: Matching, identity: ProviderIdentity): UserRow {
  const { claim } = matching;
  const { value } = identity;
  if (value === null || value.trim() === '') {
    throw new SsoFailure(
      'unknown_user',
      `The identity provider did not tell this identity's "${claim}" claim.`,
    );
  }
  // Anyone may type any address into many providers' profile: unverified, it says nothing about who this is.
  if (claim === 'email' && !identity.emailVerified && !matching.allowUnverifiedEmail) {
    throw new SsoFailure(
      'email_unverified',
      'The identity provider did not say it verified this e-mail address (email_verified is not true).',
    );
  }
  const shown = value.length > 256 ? `${value.slice(0, 256)}…` : value;
  const [user, other] = users.findByIdentity(value);
  if (!user) {
    throw new SsoFailure('unknown_user', `No user has the user name or primary e-mail "${shown}".`, {
      claim,
      value: shown,
    });
  }
  // Picking one would sign this person in as someone else, whichever it picked.
  if (other) {
    throw new SsoFailure(
      'ambiguous_user',
      `More than one user has the user name or primary e-mail "${shown}"; an administrator must make it unique.`,
    );
  }
  if (!user.is_active) {
    throw new SsoFailure('inactive_user', 'The user this identity belongs to is not active.');
  }
  return user;
}
