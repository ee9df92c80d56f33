import type { Statement } from 'better-sqlite3';
import type { Clock } from '../clock.ts';
import type { Db } from '../store/db.ts';
import type { ApiBase } from './paths.ts';
import { digest } from './secrets.ts';

/** How long a browser has from `loginsso` to the callback. */
export const FLOW_LIFETIME_MS = 10 * 60_000;
/** Flows are kept a while after they lapse, so a late or replayed callback can still be told apart. */
const KEPT_FOR_MS = 60 * 60_000;

/** A sign-in that went to the identity provider and has not come back yet. */
export interface Flow {
  nonce: string;
  codeVerifier: string;
  /** The console path to go to afterwards; null when the browser wants the token page. */
  returnTo: string | null;
  /** `/TDWebApi` or `/SBTDWebApi`: where the flow started, and so where its callback and cookies live. */
  apiBase: ApiBase;
}

interface FlowRow {
  binding_hash: string;
  nonce: string;
  code_verifier: string;
  return_to: string | null;
  api_base: string;
  created_at: number;
  used_at: number | null;
}

export type FlowCheck =
  | { ok: true; flow: Flow }
  | { ok: false; reason: 'unknown' | 'other_browser' | 'replayed' | 'expired'; flow: Flow | null };

function toFlow(row: FlowRow): Flow {
  return {
    nonce: row.nonce,
    codeVerifier: row.code_verifier,
    returnTo: row.return_to,
    apiBase: row.api_base === '/SBTDWebApi' ? '/SBTDWebApi' : '/TDWebApi',
  };
}

/**
 * Pending sign-ins, keyed by (a digest of) their `state` and bound to the browser that started them by a
 * cookie secret (also kept as a digest), so a callback URL is good once, in that browser, for 10 minutes.
 */
export class SsoFlows {
  private readonly insert: Statement<[Record<string, unknown>]>;
  private readonly byState: Statement<[string], FlowRow>;
  private readonly latestByBinding: Statement<[string], FlowRow>;
  private readonly markUsed: Statement<[number, string]>;
  private readonly prune: Statement<[number]>;

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.insert = db.prepare(
      `INSERT INTO sso_flows (state_hash, binding_hash, nonce, code_verifier, return_to, api_base, created_at)
       VALUES (@stateHash, @bindingHash, @nonce, @codeVerifier, @returnTo, @apiBase, @createdAt)`,
    );
    this.byState = db.prepare('SELECT * FROM sso_flows WHERE state_hash = ?');
    this.latestByBinding = db.prepare(
      'SELECT * FROM sso_flows WHERE binding_hash = ? ORDER BY created_at DESC LIMIT 1',
    );
    this.markUsed = db.prepare('UPDATE sso_flows SET used_at = ? WHERE state_hash = ? AND used_at IS NULL');
    this.prune = db.prepare('DELETE FROM sso_flows WHERE created_at < ?');
  }

  start(state: string, binding: string, flow: Flow) {
    const now = this.clock.now();
    this.prune.run(now - KEPT_FOR_MS);
    this.insert.run({
      stateHash: digest(state),
      bindingHash: digest(binding),
      nonce: flow.nonce,
      codeVerifier: flow.codeVerifier,
      returnTo: flow.returnTo,
      apiBase: flow.apiBase,
      createdAt: now,
    });
  }

  /** Checks a returning state against this browser's binding, and uses it up if it is good. */
  take(state: string, binding: string | undefined): FlowCheck {
    const row = this.byState.get(digest(state));
    if (!row) return { ok: false, reason: 'unknown', flow: null };
    const flow = toFlow(row);
    if (binding === undefined || digest(binding) !== row.binding_hash) {
      return { ok: false, reason: 'other_browser', flow: null };
    }
    if (row.used_at !== null) return { ok: false, reason: 'replayed', flow };
    // Used up even when too old, so that it cannot be tried again.
    const won = this.markUsed.run(this.clock.now(), digest(state)).changes === 1;
    if (!won) return { ok: false, reason: 'replayed', flow };
    if (this.clock.now() - row.created_at > FLOW_LIFETIME_MS) return { ok: false, reason: 'expired', flow };
    return { ok: true, flow };
  }

  /** This browser's most recent flow, to know where to report a callback whose state is no good. */
  latestFor(binding: string | undefined): Flow | null {
    if (binding === undefined) return null;
    const row = this.latestByBinding.get(digest(binding));
    return row ? toFlow(row) : null;
  }
}
