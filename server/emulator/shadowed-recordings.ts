import { CATALOG } from '../../contract/catalog/catalog-data.ts';
import { authCallOf } from '../../contract/web-api/auth-calls.ts';
import { apiBaseOf } from '../../contract/web-api/bases.ts';
import { operationOf } from '../../contract/web-api/path-template.ts';
import { notEmulated } from '../http/not-emulated.ts';
import { createRouter, type RateLimits, type Resolved, type Route } from '../http/router.ts';
import type { Recordings } from '../recordings/replay.ts';
import { replayFirst, type ReplayDeps } from '../recordings/replay-routes.ts';
import { comparablePath } from '../recordings/request-key.ts';

/** Recordings of one method and path that a call never reaches by replay: the emulator answers it itself. */
export interface Shadowed {
  method: string;
  path: string;
  count: number;
  /** The route that answers instead (its method's handler), or null: the Auth area, or a method it refuses. */
  route: Route | null;
}

/** Stands for "replay would answer": whatever the router resolves to this, no route of the emulator took it. */
const REPLAYED: Resolved = {
  route: { path: '', methods: {} },
  params: {},
  spec: { handler: () => ({ status: 204, text: '' }) },
};

/**
 * The recorded methods and paths the emulator's own routes answer, found as the router finds a route (the real
 * service's precedence, the catalog's operations it does not emulate left to replay).
 */
export function shadowedRecordings(
  routes: Route[],
  recordings: Recordings,
  rateLimits: RateLimits,
): Shadowed[] {
  const router = createRouter(routes, {
    rateLimits,
    unimplemented: notEmulated(CATALOG),
    fallback: () => REPLAYED,
  });
  return recordings.paths().flatMap(({ method, path, count }): Shadowed[] => {
    // Read as leniently as replay's fallback reads it: no spelling of the Auth area is ever answered by a
    // recording, not even with REPLAY_OVERRIDES, which answers from the recordings a route shadows.
    if (authCallOf(method, path, 'lenient').authArea) return [{ method, path, count, route: null }];
    let resolved: Resolved;
    try {
      resolved = router.resolve(method, path.split('/').filter(Boolean));
    } catch {
      return [{ method, path, count, route: null }];
    }
    return resolved === REPLAYED ? [] : [{ method, path, count, route: resolved.route }];
  });
}

/** The start's lines for shadowed recordings: each operation once, with how many recordings it has. */
export function shadowedLines(shadowed: Shadowed[]): string[] {
  const counts = new Map<string, number>();
  for (const { method, path, count } of shadowed) {
    const operation = operationOf(method, path);
    counts.set(operation, (counts.get(operation) ?? 0) + count);
  }
  return [...counts]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([operation, count]) => `${operation} (${count} recording${count === 1 ? '' : 's'})`);
}

/** The decoded path below the API base of a request's URL, as recordings are found by. */
function pathBelowBase(url: URL): string {
  const base = apiBaseOf(url.pathname) ?? '';
  return comparablePath(url.pathname.slice(base.length));
}

/** REPLAY_OVERRIDES: the routes, those that shadow recordings answering from a matching recording first. */
export function withRecordingsFirst(routes: Route[], shadowed: Shadowed[], replay: ReplayDeps): Route[] {
  return routes.map((route) => {
    const methods = new Set(shadowed.filter((entry) => entry.route === route).map((entry) => entry.method));
    if (methods.size === 0) return route;
    const wrapped: Route['methods'] = { ...route.methods };
    for (const [method, spec] of Object.entries(route.methods) as [
      keyof Route['methods'],
      NonNullable<Route['methods'][keyof Route['methods']]>,
    ][]) {
      if (methods.has(method)) {
        wrapped[method] = { ...spec, handler: replayFirst(method, spec.handler, replay, pathBelowBase) };
      }
    }
    return { ...route, methods: wrapped };
  });
}
