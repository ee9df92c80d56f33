import type { UserRow, Users } from '../store/users.ts';
import { SsoFailure } from './failures.ts';

/** The realm user an identity stands for: the one whose UserName or PrimaryEmail is its claim, if active. */
export function userForIdentity(users: Users, claim: string, value: string | null): UserRow {
  if (value === null || value.trim() === '') {
    throw new SsoFailure(
      'unknown_user',
      `The identity provider did not tell this identity's "${claim}" claim.`,
    );
  }
  const user = users.findByIdentity(value);
  if (!user) {
    const shown = value.length > 256 ? `${value.slice(0, 256)}…` : value;
    throw new SsoFailure('unknown_user', `No user has the user name or primary e-mail "${shown}".`);
  }
  if (!user.is_active) {
    throw new SsoFailure('inactive_user', 'The user this identity belongs to is not active.');
  }
  return user;
}

export function userNameOf(user: UserRow): string {
  return (JSON.parse(user.record) as { UserName: string }).UserName;
}
