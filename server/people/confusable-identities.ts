import type { Statement } from 'better-sqlite3';
import type { Db } from '../store/db.ts';
import { skeletons } from '../store/skeleton.ts';

const MAX_REMEMBERED = 50_000;

/** Users read per query: a create that finds a lookalike early stops reading. */
const PAGE = 500;

interface IdentityRow {
  rowid: number;
  user_name: string | null;
  email: string | null;
}

/**
 * Finds whether a new user name or e-mail address looks like one already taken: the same confusable skeleton as
 * any user's UserName or PrimaryEmail, in any organization (user names are unique across all of them, and single
 * sign-on matches either field). Skeletons are remembered by text, so a create costs one scan of the users, read
 * a page at a time (better-sqlite3's `iterate` is refused: see store/open-sqlite.ts).
 */
export class ConfusableIdentities {
  private readonly identities: Statement<[number, number], IdentityRow>;
  private readonly skeletons = new Map<string, string[]>();

  constructor(
    db: Db,
    private readonly page = PAGE,
  ) {
    this.identities = db.prepare(
      `SELECT rowid, json_extract(record, '$.UserName') AS user_name, json_extract(record, '$.PrimaryEmail') AS email
       FROM users WHERE rowid > ? ORDER BY rowid LIMIT ?`,
    );
  }

  /** The first of the candidates that looks like an existing identity, or undefined. */
  findTaken(candidates: readonly string[]): string | undefined {
    const wanted = new Map<string, string>();
    for (const candidate of candidates) {
      for (const each of this.skeletonsOf(candidate)) if (!wanted.has(each)) wanted.set(each, candidate);
    }
    for (let after = Number.MIN_SAFE_INTEGER; ;) {
      const rows = this.identities.all(after, this.page);
      for (const row of rows) {
        for (const existing of [row.user_name, row.email]) {
          if (!existing) continue;
          for (const each of this.skeletonsOf(existing)) {
            const taken = wanted.get(each);
            if (taken !== undefined) return taken;
          }
        }
      }
      if (rows.length < this.page) return undefined;
      after = rows[rows.length - 1]!.rowid;
    }
  }

  private skeletonsOf(text: string): string[] {
    let known = this.skeletons.get(text);
    if (known === undefined) {
      if (this.skeletons.size >= MAX_REMEMBERED) this.skeletons.clear();
      known = skeletons(text);
      this.skeletons.set(text, known);
    }
    return known;
  }
}
