import type { CatalogEntry, RateLimit } from '../../contract/catalog/catalog-entry.ts';
import {
  comparePrecedence,
  matchesPattern,
  operationOf,
  patternOf,
  type Pattern,
} from '../../contract/web-api/path-template.ts';
import type { RateWindow } from './limiter.ts';

/** Who shares one counter: callers from one address, one user, or one organization. */
export type LimitScope = RateLimit['scope'];

/** An operation's limit as the emulator applies it. */
export interface OperationLimit extends RateWindow {
  scope: LimitScope;
  /**
   * Where the figure comes from: the service's documented limit (the catalog), the emulator's own choice where
   * none is documented (or for a path of its own), or RATE_LIMIT, which overrides both.
   */
  source: 'documented' | 'emulator' | 'RATE_LIMIT';
}

/** The emulator's choice where the service documents no limit: the most common documented one. */
export const EMULATOR_LIMIT: OperationLimit = {
  limit: 60,
  windowMs: 60_000,
  scope: 'ip',
  source: 'emulator',
};

/** RATE_LIMIT's window: it sets how many calls, per 60 s, for every operation. */
const OVERRIDE_WINDOW_MS = 60_000;

interface Template {
  pattern: Pattern;
  entry: CatalogEntry;
}

/**
 * Each operation's limit, from the catalog's facts: its documented limit and scope, else the emulator's own
 * (EMULATOR_LIMIT); RATE_LIMIT (`override`) puts its figure, per 60 s, in place of every operation's, documented or
 * not, each still counted by its own scope. Resolved once per method and template, then kept: callers ask for the
 * routes' and the recorded operations' templates, never for a path a call made up.
 */
export class OperationLimits {
  private readonly byOperation = new Map<string, CatalogEntry>();
  private readonly byLength = new Map<number, Template[]>();
  private readonly resolved = new Map<string, OperationLimit>();
  /** The limit of what the catalog does not list: the emulator's own paths, its identity provider. */
  readonly own: OperationLimit;

  constructor(
    catalog: readonly CatalogEntry[],
    private readonly override: number | null,
  ) {
    for (const entry of catalog) {
      this.byOperation.set(operationOf(entry.method, entry.path), entry);
      const pattern = patternOf(entry.path);
      const templates = this.byLength.get(pattern.length) ?? [];
      templates.push({ pattern, entry });
      this.byLength.set(pattern.length, templates);
    }
    // The real service's precedence: the first template that matches is the one it routes to.
    for (const templates of this.byLength.values()) {
      templates.sort((a, b) => comparePrecedence(a.pattern, b.pattern));
    }
    this.own = this.applied(EMULATOR_LIMIT);
  }

  /**
   * The limit of `method` on a path template (`/api/{appId}/tickets`, or folded: `/api/{id}/tickets`), or a path
   * whose literal segments name the catalog's template (a recorded `/api/people/jdoe` of `/api/people/{username}`).
   */
  of(method: string, template: string): OperationLimit {
    const operation = operationOf(method, template);
    let limit = this.resolved.get(operation);
    if (!limit) {
      const documented = this.entryOf(operation, method.toUpperCase())?.limit;
      limit =
        documented === undefined || documented === 'not documented'
          ? this.own
          : this.applied({
              limit: documented.calls,
              windowMs: documented.windowSeconds * 1000,
              scope: documented.scope,
              source: 'documented',
            });
      this.resolved.set(operation, limit);
    }
    return limit;
  }

  private entryOf(operation: string, method: string): CatalogEntry | undefined {
    const exact = this.byOperation.get(operation);
    if (exact) return exact;
    const segments = operation
      .slice(operation.indexOf(' ') + 1)
      .split('/')
      .filter(Boolean);
    return this.byLength
      .get(segments.length)
      ?.find(({ pattern, entry }) => entry.method === method && matchesPattern(pattern, segments))?.entry;
  }

  private applied(limit: OperationLimit): OperationLimit {
    return this.override === null
      ? limit
      : { ...limit, limit: this.override, windowMs: OVERRIDE_WINDOW_MS, source: 'RATE_LIMIT' };
  }
}
