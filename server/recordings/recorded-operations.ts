import { CATALOG } from '../../contract/catalog/catalog-data.ts';
import { operationOf } from '../../contract/web-api/path-template.ts';
import type { Tokens } from '../auth/tokens.ts';
import { authenticate } from '../auth/bearer.ts';
import type { Route } from '../http/router.ts';
import type { Users } from '../store/users.ts';
import type { Recordings } from './replay.ts';

/** Below each base and outside `/api`, like openapi.json: the emulator's own, not an operation of the Web API. */
const RECORDED_OPERATIONS_PATH = '/recorded-operations';

export interface RecordedOperationsDeps {
  /** REPLAY_DIR's recordings; null when replay is off. */
  recordings: Recordings | null;
  /** REPLAY_OVERRIDES: recordings answer the emulator's own operations too, so those are listed. */
  overrides: boolean;
  tokens: Tokens;
  users: Users;
}

/**
 * The catalog's operations that replay answers from a recording, matched by method and path template as replay
 * matches a call. Only the catalog's own method and path template come back, never a recorded path, query or
 * body (they hold the tenant's data); the operations the emulator answers itself are left out unless recordings
 * answer them first (REPLAY_OVERRIDES). Worked out once: the recordings are read whole at the start.
 */
function recordedOperations(recordings: Recordings | null, overrides: boolean): string {
  const operations = recordings
    ? CATALOG.filter(
        (entry) =>
          (overrides || !entry.emulated) && recordings.hasOperation(operationOf(entry.method, entry.path)),
      ).map((entry) => ({ method: entry.method, path: entry.path }))
    : [];
  return JSON.stringify({ operations });
}

/** `GET {base}/recorded-operations`: for the console's catalog, behind the bearer token as the API is. */
export function recordedOperationsRoute(deps: RecordedOperationsDeps): Route {
  const text = recordedOperations(deps.recordings, deps.overrides);
  return {
    path: RECORDED_OPERATIONS_PATH,
    methods: {
      GET: {
        handler: async ({ req }) => {
          await authenticate(req, deps.tokens, deps.users);
          return { status: 200, jsonText: text };
        },
        rateLimit: 'recorded-operations',
      },
    },
  };
}
