import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Tokens } from '../auth/tokens.ts';
import { authenticate } from '../auth/bearer.ts';
import { ConfigError } from '../config/config-error.ts';
import { MAX_BODY_BYTES } from '../../contract/body-limit.ts';
import { readBody } from '../http/body.ts';
import { ApiError } from '../http/errors.ts';
import { noteReplayed } from '../http/request-notes.ts';
import type { Resolved } from '../http/router.ts';
import type { RateWindow } from '../rate-limit/limiter.ts';
import { RELAY_CSP } from '../relay/relay.ts';
import type { Users } from '../store/users.ts';
import {
  bodyBytes,
  describeRequest,
  NotARecording,
  parseRecording,
  type Recording,
} from './recording-file.ts';
import { pathTemplate, requestKey } from './request-key.ts';

/** Larger than any file a recording of the relay's largest answer (10 MB, as base64) makes. */
const MAX_FILE_BYTES = 16 * 1024 * 1024;
/** The most recordings of one method and template a `not_recorded` message names. */
const CLOSEST_NAMED = 5;

const operationOf = (method: string, path: string) => `${method} ${pathTemplate(path)}`;

/** A recording with its answer's bytes, made once at the start rather than on every call. */
interface Loaded {
  recording: Recording;
  body: Buffer;
}

/** The recordings of REPLAY_DIR, read whole at the start, by the key of the call each answers. */
export class Recordings {
  private constructor(
    private readonly byId: ReadonlyMap<string, Loaded>,
    private readonly byOperation: ReadonlyMap<string, Recording[]>,
  ) {}

  /** Reads every `*.json` file of `dir`; a file that is not a recording stops the start, named, with nothing loaded. */
  static load(dir: string): Recordings {
    let names: string[];
    try {
      names = readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith('.json') && !entry.name.startsWith('.'))
        .map((entry) => entry.name)
        .sort();
    } catch {
      throw new ConfigError(`REPLAY_DIR (--replay) ${dir} is not a directory this server can read.`);
    }
    const byId = new Map<string, Loaded>();
    const fileOf = new Map<string, string>();
    const byOperation = new Map<string, Recording[]>();
    for (const name of names) {
      const path = join(dir, name);
      let recording: Recording;
      try {
        if (statSync(path).size > MAX_FILE_BYTES) {
          throw new NotARecording(`it is larger than ${MAX_FILE_BYTES / (1024 * 1024)} MB.`);
        }
        recording = parseRecording(readFileSync(path, 'utf8'));
      } catch (error) {
        const why = error instanceof NotARecording ? error.message : 'it cannot be read.';
        throw new ConfigError(`REPLAY_DIR (--replay): ${path} is not a recording: ${why}`);
      }
      const twin = fileOf.get(recording.request.id);
      if (twin !== undefined) {
        throw new ConfigError(
          `REPLAY_DIR (--replay): ${path} and ${twin} record the same call: keep one of them.`,
        );
      }
      fileOf.set(recording.request.id, path);
      byId.set(recording.request.id, { recording, body: bodyBytes(recording.answer.body) });
      const operation = operationOf(recording.request.method, recording.request.path);
      byOperation.set(operation, [...(byOperation.get(operation) ?? []), recording]);
    }
    return new Recordings(byId, byOperation);
  }

  get size(): number {
    return this.byId.size;
  }

  find(id: string): Loaded | undefined {
    return this.byId.get(id);
  }

  /** Whether any call of this method and path template is recorded. */
  hasOperation(method: string, path: string): boolean {
    return this.byOperation.has(operationOf(method, path));
  }

  /** The calls recorded with this method and path template, as a `not_recorded` message names them. */
  closest(method: string, path: string): string[] {
    return (this.byOperation.get(operationOf(method, path)) ?? []).map((recording) =>
      describeRequest(recording.request),
    );
  }
}

function notRecorded(recordings: Recordings, method: string, path: string): ApiError {
  const closest = recordings.closest(method, path);
  const operation = operationOf(method, path);
  const named =
    closest.length === 0
      ? `No recording has ${operation}: record it through the relay with RECORD_DIR.`
      : `Recorded ${operation} calls: ${closest.slice(0, CLOSEST_NAMED).join(', ')}${
          closest.length > CLOSEST_NAMED ? ` and ${closest.length - CLOSEST_NAMED} more` : ''
        }.`;
  return new ApiError(
    404,
    'not_recorded',
    `No recording answers ${method} ${path} with this query and body (REPLAY_DIR). ${named}`,
  );
}

export interface ReplayDeps {
  recordings: Recordings;
  tokens: Tokens;
  users: Users;
  window: RateWindow;
}

/**
 * The router's fallback with REPLAY_DIR set: a call below an API base that no route of the emulator answers (and
 * not of the Auth area, which stays the emulator's) is answered by its recording once its bearer token is good,
 * counted by its operation's rate limit and open to faults like any route.
 */
export function replayFallback(deps: ReplayDeps) {
  return (method: string, segments: string[]): Resolved | undefined => {
    const lower = segments.map((segment) => segment.toLowerCase());
    if (lower[0] === 'api' && lower[1] === 'auth') return undefined;
    const path = `/${lower.join('/')}`;
    const template = pathTemplate(path);
    return {
      route: { path: template, methods: {} },
      params: {},
      spec: {
        // Counted per recorded operation; every other path shares one counter, so that made-up paths cannot
        // grow the limiter's table of methods without bound.
        rateLimit: {
          method: deps.recordings.hasOperation(method, path)
            ? `${method} ${template}`
            : `${method} (not recorded)`,
          window: deps.window,
        },
        handler: async ({ req, url }) => {
          await authenticate(req, deps.tokens, deps.users);
          const body = await readBody(req, MAX_BODY_BYTES);
          const found = deps.recordings.find(requestKey(method, path, url.search, body).id);
          if (!found) throw notRecorded(deps.recordings, method, path);
          noteReplayed(req);
          const { answer } = found.recording;
          return {
            status: answer.status,
            raw: found.body,
            contentType: answer.contentType,
            // The tenant's content, served from this origin: it may never act with this origin's rights.
            headers: { 'X-Emulator-Replayed': '1', 'Content-Security-Policy': RELAY_CSP },
          };
        },
      },
    };
  };
}
