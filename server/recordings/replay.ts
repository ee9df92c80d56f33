import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { operationOf } from '../../contract/web-api/path-template.ts';
import { ConfigError } from '../config/config-error.ts';
import {
  bodyBytes,
  describeRequest,
  MAX_RECORDING_BYTES,
  NotARecording,
  parseRecording,
  type RecordedAnswer,
  type Recording,
} from './recording-file.ts';
import { recordingNames } from './recording-dir.ts';
import { callKey, recordedPath, recordingKey, rulesOf, type Call, type MatchRules } from './request-key.ts';

/** A recording as replay holds it: its answers' bytes made once at the start, and how often it has answered. */
export interface Loaded {
  recording: Recording;
  file: string;
  bodies: Buffer[];
  /** Calls it answered since the start or the last reset: which answer of a sequence comes next. */
  served: number;
}

/** Recordings compared by the same rules, by their keys under them. */
interface View {
  rules: MatchRules;
  byKey: Map<string, Loaded>;
}

export interface LoadOptions {
  /** REPLAY_IGNORE, in lower case. */
  ignored: ReadonlySet<string>;
  /** Now, by the server's clock: what recording times are measured against. */
  now: number;
  /** REPLAY_MAX_AGE in milliseconds, or null. */
  maxAgeMs: number | null;
  tooOld: 'warn' | 'refuse';
}

const pathKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
const viewName = (rules: MatchRules) => JSON.stringify([[...rules.masked].sort(), [...rules.ignored].sort()]);

/** An age as REPLAY_MAX_AGE writes it: days when whole, else hours. */
function ageText(ms: number): string {
  return ms % 86_400_000 === 0 ? `${ms / 86_400_000}d` : `${ms / 3_600_000}h`;
}

/** The oldest of a recording's times (ms), or null when one of its answers has none. */
function oldestTime(recording: Recording): number | null {
  const times = recording.answers.map((answer) =>
    answer.recordedAt === null ? null : Date.parse(answer.recordedAt),
  );
  return times.some((time) => time === null) ? null : Math.min(...(times as number[]));
}

function readRecording(path: string): Recording {
  try {
    if (statSync(path).size > MAX_RECORDING_BYTES) {
      throw new NotARecording(`it is larger than ${MAX_RECORDING_BYTES / (1024 * 1024)} MB.`);
    }
    return parseRecording(readFileSync(path, 'utf8'));
  } catch (error) {
    const why = error instanceof NotARecording ? error.message : 'it cannot be read.';
    throw new ConfigError(`REPLAY_DIR (--replay): ${path} is not a recording: ${why}`);
  }
}

/**
 * The recordings of REPLAY_DIR, read whole at the start, found by the method and path of a call and then by its
 * key under each recording's rules (request-key.ts); a recording made while replaying (REPLAY_MISSES) joins them.
 */
export class Recordings {
  private readonly byPath = new Map<string, View[]>();
  private readonly byFile = new Map<string, { view: View; key: string; loaded: Loaded }>();
  private readonly byOperation = new Map<string, Map<string, Recording>>();
  /** Goes up with every recording added: what was worked out from the recordings is worked out again. */
  version = 0;

  private constructor(
    readonly dir: string,
    private readonly ignored: ReadonlySet<string>,
    /** Lines naming the recordings older than REPLAY_MAX_AGE, for the start to print; none without it. */
    readonly tooOld: string[],
  ) {}

  /**
   * Reads every `*.json` file of `dir`; a file that is not a recording, two files of the same call, or (with
   * REPLAY_TOO_OLD=refuse) a recording older than REPLAY_MAX_AGE stops the start, named, with nothing loaded.
   */
  static load(dir: string, options: LoadOptions): Recordings {
    let names: string[];
    try {
      names = recordingNames(dir);
    } catch {
      throw new ConfigError(`REPLAY_DIR (--replay) ${dir} is not a directory this server can read.`);
    }
    const old: string[] = [];
    const loaded = names.map((name) => {
      const recording = readRecording(join(dir, name));
      const time = oldestTime(recording);
      if (options.maxAgeMs !== null && (time === null || options.now - time > options.maxAgeMs)) {
        old.push(
          time === null
            ? `${name} (no recording time)`
            : `${name} (recorded ${new Date(time).toISOString()})`,
        );
      }
      return { name, recording };
    });
    if (old.length > 0 && options.tooOld === 'refuse') {
      throw new ConfigError(
        `REPLAY_DIR (--replay): ${old.length} recording${old.length === 1 ? ' is' : 's are'} older than REPLAY_MAX_AGE (${ageText(options.maxAgeMs!)}), and REPLAY_TOO_OLD=refuse: ${old.slice(0, 3).join(', ')}${old.length > 3 ? ` and ${old.length - 3} more` : ''}. Record them again.`,
      );
    }
    const recordings = new Recordings(
      dir,
      options.ignored,
      old.length === 0
        ? []
        : [`${old.length} older than REPLAY_MAX_AGE (${ageText(options.maxAgeMs!)}): ${old.join(', ')}`],
    );
    for (const { name, recording } of loaded) {
      const twin = recordings.twinOf(recording);
      if (twin !== undefined) {
        throw new ConfigError(
          `REPLAY_DIR (--replay): ${join(dir, name)} and ${join(dir, twin)} record the same call: keep one of them.`,
        );
      }
      recordings.add(recording, name);
    }
    return recordings;
  }

  private viewFor(recording: Recording): { view: View; key: string; views: View[]; path: string } {
    const { request } = recording;
    const rules = rulesOf(request, this.ignored);
    const path = pathKey(request.method, recordedPath(request.path));
    const views = this.byPath.get(path) ?? [];
    const name = viewName(rules);
    const view = views.find((candidate) => viewName(candidate.rules) === name) ?? { rules, byKey: new Map() };
    return { view, key: recordingKey(request, view.rules), views, path };
  }

  /** The file already loaded that records the same call, if any. */
  private twinOf(recording: Recording): string | undefined {
    const { view, key } = this.viewFor(recording);
    return view.byKey.get(key)?.file;
  }

  /** Adds a recording, or puts a file's new content in place of its old (the sequence it reached is kept). */
  add(recording: Recording, file: string): void {
    const before = this.byFile.get(file);
    if (before) before.view.byKey.delete(before.key);
    const { view, key, views, path } = this.viewFor(recording);
    if (!views.includes(view)) views.push(view);
    this.byPath.set(path, views);
    const loaded: Loaded = {
      recording,
      file,
      bodies: recording.answers.map((answer) => bodyBytes(answer.body)),
      served: before?.loaded.served ?? 0,
    };
    view.byKey.set(key, loaded);
    this.byFile.set(file, { view, key, loaded });
    const operation = operationOf(recording.request.method, recordedPath(recording.request.path));
    const files = this.byOperation.get(operation) ?? new Map<string, Recording>();
    files.set(file, recording);
    this.byOperation.set(operation, files);
    this.version++;
  }

  get size(): number {
    return this.byFile.size;
  }

  /** Whether any recording has this method and (comparable) path. */
  hasPath(method: string, path: string): boolean {
    return this.byPath.has(pathKey(method, path));
  }

  /** The recording that answers a call, if one does. */
  find(call: Call): Loaded | undefined {
    for (const view of this.byPath.get(pathKey(call.method, call.path)) ?? []) {
      const found = view.byKey.get(callKey(call, view.rules));
      if (found) return found;
    }
    return undefined;
  }

  /** The answer a recording gives now: the next of its sequence, the last one repeating. */
  next(loaded: Loaded): { answer: RecordedAnswer; body: Buffer } {
    const index = Math.min(loaded.served, loaded.recording.answers.length - 1);
    loaded.served++;
    return { answer: loaded.recording.answers[index]!, body: loaded.bodies[index]! };
  }

  /** Every sequence starts again from its first answer (the control API's reset). */
  restartSequences(): void {
    for (const { loaded } of this.byFile.values()) loaded.served = 0;
  }

  /** The distinct methods and paths recorded, with how many recordings each has. */
  paths(): { method: string; path: string; count: number }[] {
    return [...this.byPath.entries()].map(([key, views]) => {
      const space = key.indexOf(' ');
      return {
        method: key.slice(0, space),
        path: key.slice(space + 1),
        count: views.reduce((sum, view) => sum + view.byKey.size, 0),
      };
    });
  }

  /** Whether any call of this operation (`operationOf`: `GET /api/{id}/tickets/{id}`) is recorded. */
  hasOperation(operation: string): boolean {
    return this.byOperation.has(operation);
  }

  /** The calls recorded with this method and path template, as a `not_recorded` message names them. */
  closest(method: string, path: string): string[] {
    return [...(this.byOperation.get(operationOf(method, path))?.values() ?? [])].map((recording) =>
      describeRequest(recording.request),
    );
  }
}
