import { ApiError } from '../http/errors.ts';
import { userNameKey } from '../store/user-name-key.ts';
import type { UserRow } from '../store/rows.ts';
import type { Users } from '../store/users.ts';
import { adminKeyMatches, hashAdminKey } from './admin-keys.ts';
import type { HashQueue } from './hash-queue.ts';
import type { Lockout } from './lockout.ts';
import { verifyPassword } from './passwords.ts';

export type SignInResult = { ok: true; user: UserRow } | { ok: false; error: ApiError };

const INVALID_CREDENTIALS = () =>
  new ApiError(401, 'invalid_credentials', 'The user name or password is incorrect.');
const INVALID_ADMIN_KEY = () =>
  new ApiError(401, 'invalid_credentials', 'The BEID or WebServicesKey is incorrect.');

/** 429 rather than 503: the console already waits and retries on `rate_limited`, and nothing is broken. */
const BUSY = () =>
  new ApiError(429, 'rate_limited', 'The server is busy checking other sign-ins. Try again in 1 second.', {
    'Retry-After': '1',
  });

function locked(ms: number): ApiError {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return new ApiError(
    403,
    'account_locked',
    `Too many failed sign-in attempts for this account. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { 'Retry-After': String(Math.ceil(ms / 1000)) },
  );
}

/**
 * Checks credentials so that an unknown account, a wrong secret and an inactive account cannot be told apart by
 * status, body or time: a secret is always verified (against a dummy when there is no account), and only an
 * account whose secret verified may learn that it is inactive.
 */
export class Credentials {
  private readonly dummyAdminKey = hashAdminKey('00000000-0000-0000-0000-000000000000');

  constructor(
    private readonly users: Users,
    private readonly lockout: Lockout,
    private readonly dummyPasswordHash: string,
    private readonly hashing: HashQueue,
  ) {}

  /** `caller` is the caller's rate-limit key: it bounds that caller's share of the hash queue. */
  async signIn(username: string, password: string, caller: string): Promise<SignInResult> {
    const account = userNameKey(username);
    const lockedFor = this.lockout.lockedFor(account);
    if (lockedFor > 0) return { ok: false, error: locked(lockedFor) };
    // Turned away before anything is counted: a full queue says nothing about this account.
    if (!this.hashing.hasRoomFor(caller)) return { ok: false, error: BUSY() };
    // Held as a possible failure during the slow hash, so that parallel guesses cannot all pass the lock check;
    // recorded as one only when the password is wrong, so a right one never locks the account.
    if (!this.lockout.begin(account)) return { ok: false, error: locked(this.lockout.lockMs) };
    const user = this.users.findByUsername(account);
    let verified: boolean;
    try {
      verified = await this.hashing.run(caller, () =>
        verifyPassword(password, user?.password_hash ?? this.dummyPasswordHash),
      );
    } finally {
      this.lockout.end(account);
    }
    if (!user || !user.password_hash || !verified) {
      this.lockout.recordFailure(account);
      return { ok: false, error: INVALID_CREDENTIALS() };
    }
    this.lockout.recordSuccess(account);
    if (!user.is_active) {
      return { ok: false, error: new ApiError(403, 'account_inactive', 'This account is not active.') };
    }
    return { ok: true, user };
  }

  signInAdmin(beid: string, webServicesKey: string): SignInResult {
    const org = this.users.findOrgByBeid(beid.toLowerCase());
    const matches = adminKeyMatches(webServicesKey, org?.admin_key_hash ?? this.dummyAdminKey);
    if (!org || !matches) return { ok: false, error: INVALID_ADMIN_KEY() };
    if (!org.admin_active) {
      return {
        ok: false,
        error: new ApiError(
          403,
          'account_inactive',
          "This organization's admin service account is not active.",
        ),
      };
    }
    const admin = this.users.findInOrg(org.id, org.admin_uid);
    if (!admin) return { ok: false, error: INVALID_ADMIN_KEY() };
    return { ok: true, user: admin };
  }
}
