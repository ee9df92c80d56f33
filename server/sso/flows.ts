import type { Clock } from '../runtime/clock.ts';
import type { ApiBase } from '../../contract/web-api/bases.ts';
import { digest } from './secrets.ts';

/** How long a browser has from `loginsso` to the callback. */
export const FLOW_LIFETIME_MS = 10 * 60_000;
/** Flows are kept a while after they lapse, so a late or replayed callback can still be told apart. */
const KEPT_FOR_MS = 60 * 60_000;
/** Flows kept at most (pending and recently used): each is under 7 KB, as return paths are 2,048 characters at most. */
const MAX_KEPT_FLOWS = 10_000;

/** A sign-in that went to the identity provider and has not come back yet. */
export interface Flow {
  nonce: string;
  codeVerifier: string;
  /** The console path to go to afterwards; null when the browser wants the token page. */
  returnTo: string | null;
  /** `/TDWebApi` or `/SBTDWebApi`: where the flow started, and so where its callback and cookies live. */
  apiBase: ApiBase;
}

interface Entry {
  bindingHash: string;
  flow: Flow;
  createdAt: number;
  usedAt: number | null;
}

export type FlowCheck =
  | { ok: true; flow: Flow }
  | { ok: false; reason: 'unknown' | 'other_browser' | 'replayed' | 'expired'; flow: Flow | null };

/**
 * Pending sign-ins, keyed by (a digest of) their `state` and bound to the browser that started them by a
 * cookie secret (also kept as a digest), so a callback URL is good once, in that browser, for 10 minutes.
 *
 * Kept in memory, not in the database: an unauthenticated call must not cost a synced disk write, and a sign-in
 * cut by a restart only has to be started again. At most `capacity` flows are kept, in the order they started,
 * so a start removes lapsed or surplus flows from the oldest end and never looks at the others.
 */
export class SsoFlows {
  private readonly byState = new Map<string, Entry>();
  /** Each browser's most recent flow, by digests of binding and state. */
  private readonly latest = new Map<string, string>();

  constructor(
    private readonly clock: Clock,
    private readonly capacity = MAX_KEPT_FLOWS,
  ) {}

  get size(): number {
    return this.byState.size;
  }

  start(state: string, binding: string, flow: Flow) {
    const now = this.clock.now();
    this.drop(now - KEPT_FOR_MS);
    const stateHash = digest(state);
    const bindingHash = digest(binding);
    this.byState.set(stateHash, { bindingHash, flow, createdAt: now, usedAt: null });
    this.latest.set(bindingHash, stateHash);
  }

  /** Checks a returning state against this browser's binding, and uses it up if it is good. */
  take(state: string, binding: string | undefined): FlowCheck {
    const entry = this.byState.get(digest(state));
    if (!entry) return { ok: false, reason: 'unknown', flow: null };
    if (binding === undefined || digest(binding) !== entry.bindingHash) {
      return { ok: false, reason: 'other_browser', flow: null };
    }
    const { flow } = entry;
    if (entry.usedAt !== null) return { ok: false, reason: 'replayed', flow };
    // Used up even when too old, so that it cannot be tried again.
    entry.usedAt = this.clock.now();
    if (entry.usedAt - entry.createdAt > FLOW_LIFETIME_MS) return { ok: false, reason: 'expired', flow };
    return { ok: true, flow };
  }

  /** This browser's most recent flow, to know where to report a callback whose state is no good. */
  latestFor(binding: string | undefined): Flow | null {
    if (binding === undefined) return null;
    const stateHash = this.latest.get(digest(binding));
    return stateHash === undefined ? null : (this.byState.get(stateHash)?.flow ?? null);
  }

  /** Drops, oldest first, flows started before `cutoff` and any beyond the capacity (leaving room for one). */
  private drop(cutoff: number) {
    for (const [stateHash, entry] of this.byState) {
      if (entry.createdAt >= cutoff && this.byState.size < this.capacity) return;
      this.byState.delete(stateHash);
      if (this.latest.get(entry.bindingHash) === stateHash) this.latest.delete(entry.bindingHash);
    }
  }
}
