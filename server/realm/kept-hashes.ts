import { createHash } from 'node:crypto';
import { hashPassword, type ScryptCost } from '../auth/passwords.ts';

/** What one realm import hashes its passwords with: one call per user or identity with a password. */
export type PasswordHasher = (who: string, password: string) => Promise<string>;

interface ImportHashes {
  hash: PasswordHasher;
  /** The import landed: what it hashed or reused is what the next import may reuse, and nothing else. */
  done(): void;
}

/**
 * The password hashes the last realm import made, so that importing the same realm again (a control reset with
 * `realm: true`, some 70 ms of scrypt per password saved) makes none: a user or identity whose password is the
 * same gets the same hash again. Keyed by a digest of who, what password and what cost, so that the map holds no
 * password; only the last import's are kept, so a changed realm leaves nothing of the old one behind.
 */
export class KeptHashes {
  private kept = new Map<string, string>();

  forImport(cost?: ScryptCost): ImportHashes {
    const used = new Map<string, string>();
    return {
      hash: async (who, password) => {
        const key = createHash('sha256')
          .update(JSON.stringify([who, password, cost ?? null]))
          .digest('hex');
        const hash = used.get(key) ?? this.kept.get(key) ?? (await hashPassword(password, cost));
        used.set(key, hash);
        return hash;
      },
      done: () => {
        this.kept = used;
      },
    };
  }
}
