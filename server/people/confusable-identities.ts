import { skeletons } from '../store/skeleton.ts';
import type { Users } from '../store/users.ts';

const MAX_REMEMBERED = 50_000;

/**
 * Finds whether a new user name or e-mail address looks like one already taken: the same confusable skeleton as
 * any user's UserName or PrimaryEmail, in any organization (user names are unique across all of them, and single
 * sign-on matches either field). Skeletons are remembered by text, so a create costs one scan of the users.
 */
export class ConfusableIdentities {
  private readonly skeletons = new Map<string, string[]>();

  constructor(private readonly users: Users) {}

  /**
   * The first of the candidates that looks like an existing identity, or undefined. A candidate that looks like one
   * of `own` (the edited person's present user name and e-mail) is that person's own identity, and is not checked.
   */
  findTaken(candidates: readonly string[], own: readonly string[] = []): string | undefined {
    const mine = new Set(own.flatMap((each) => this.skeletonsOf(each)));
    const wanted = new Map<string, string>();
    for (const candidate of candidates) {
      const skeletons = this.skeletonsOf(candidate);
      if (skeletons.some((each) => mine.has(each))) continue;
      for (const each of skeletons) if (!wanted.has(each)) wanted.set(each, candidate);
    }
    for (const row of this.users.identities()) {
      for (const existing of [row.user_name, row.email]) {
        if (!existing) continue;
        for (const each of this.skeletonsOf(existing)) {
          const taken = wanted.get(each);
          if (taken !== undefined) return taken;
        }
      }
    }
    return undefined;
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
