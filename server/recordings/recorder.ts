/**
 * The recordings room: RECORD_DIR writes each relayed call outside the Auth area, with its answer, to a file of its
 * own (recorder.ts), masked (redact.ts, recorded-body.ts); REPLAY_DIR answers the emulator's calls it does not
 * emulate from those files (replay.ts). Both compare a call by the same rules (request-key.ts).
 */
import { isDeepStrictEqual } from 'node:util';
import type { Clock } from '../runtime/clock.ts';
import { ConfigError } from '../config/config-error.ts';
import { keptBody } from './recorded-body.ts';
import { RecordingDir } from './recording-dir.ts';
import {
  formatRecording,
  MAX_RECORDING_BYTES,
  NotARecording,
  parseRecording,
  type RecordedAnswer,
  type Recording,
} from './recording-file.ts';
import { redactPairs, secretsOf, type Redaction } from './redact.ts';
import { comparablePath, recordingId, rulesOf, sortedQuery } from './request-key.ts';

/** A relayed call and the tenant's answer, as the relay hands it over once the answer is in. */
export interface RelayedCall {
  method: string;
  /** Below the tenant base, as the client wrote it. */
  below: string;
  search: string;
  body: Buffer;
  /** The request's Content-Type. */
  contentType: string | undefined;
  authorization: string | undefined;
  status: number;
  /** The answer's headers as the relay passes them on. */
  headers: Record<string, string | string[]>;
  /** The answer's body in the pieces it arrived in (the relay lets go of its own list once sent). */
  answer: readonly Buffer[];
}

export interface RecorderOptions {
  dir: string;
  /** RECORD_REDACT, in lower case. */
  fields: ReadonlySet<string>;
  maxFiles: number;
  maxBytes: number;
  /** RECORD_SEQUENCES: an answer unlike the last one recorded for the call is added after it. */
  sequences: boolean;
  clock: Clock;
  log: (line: string) => void;
}

/** The headers of an answer a recording keeps: the tenant's rate-limit state, and how long it asked to wait. */
const KEPT_HEADER = /^(?:x-ratelimit-|retry-after$)/i;
/** Answers kept for one call in RECORD_SEQUENCES: a write, then a read or two, with room to spare. */
const MAX_SEQUENCE = 20;
/** Calls waiting to be written, and their answers' bytes: past either, a call is left out (and the log says so). */
const MAX_PENDING_CALLS = 32;
const MAX_PENDING_BYTES = 64 * 1024 * 1024;
/** Long enough to find the file; a hostile path is not worth logging whole. */
const MAX_LOGGED_PATH = 200;

const isSuccess = (status: number) => status >= 200 && status < 300;

function header(headers: RelayedCall['headers'], name: string): string | null {
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  if (!found) return null;
  return Array.isArray(found[1]) ? (found[1][0] ?? null) : found[1];
}

/** A file name people can read (method and path) that only this call's key leads to. */
function fileName(method: string, path: string, id: string): string {
  const slug = path
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
  return `${method.toLowerCase()}-${slug || 'base'}-${id.slice(0, 16)}.json`;
}

/** How a log line names a call: method and path, never the query (its values may be secrets). */
function named(call: RelayedCall): string {
  const path = comparablePath(call.below);
  return `${call.method} ${path.length > MAX_LOGGED_PATH ? `${path.slice(0, MAX_LOGGED_PATH)}…` : path}`;
}

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

const sameAnswer = (a: RecordedAnswer, b: RecordedAnswer) =>
  a.status === b.status && a.contentType === b.contentType && isDeepStrictEqual(a.body, b.body);

/** Why a call is not recorded, decided before any of it is kept; null when it may be. */
function leftOut(call: RelayedCall): string | null {
  if (!/^\s*Bearer\s+\S/i.test(call.authorization ?? '')) {
    return 'its caller presented no bearer token, and only answers to a bearer token are recorded';
  }
  if (call.status === 401) return 'the tenant refused its bearer token (401)';
  return null;
}

/** Writes relayed calls to RECORD_DIR: one file per distinct call, bounded, never a failure for the caller. */
export class Recorder {
  private readonly dir: RecordingDir;
  private pending: Promise<void> = Promise.resolve();
  private pendingCalls = 0;
  private pendingBytes = 0;
  /** Told of each recording once written: replay answers from it at once (REPLAY_MISSES). */
  onWritten: ((recording: Recording, file: string) => void) | null = null;

  constructor(private readonly options: RecorderOptions) {
    try {
      this.dir = new RecordingDir(options.dir, options.maxFiles, options.maxBytes);
    } catch {
      throw new ConfigError(
        `RECORD_DIR (--record) ${options.dir} cannot be made a directory this server can write.`,
      );
    }
  }

  /**
   * Takes a call to record once its answer is on its way: it is written later, one at a time, and whatever
   * happens to it (refused, too large, a full directory, a failing disk, a bug) is a log line, never an error
   * for anyone. Never throws.
   */
  record(call: RelayedCall): void {
    const why = leftOut(call);
    if (why !== null) {
      this.options.log(`record: ${named(call)} was not recorded: ${why}`);
      return;
    }
    const bytes = call.answer.reduce((sum, piece) => sum + piece.length, 0) + call.body.length;
    if (this.pendingCalls >= MAX_PENDING_CALLS || this.pendingBytes + bytes > MAX_PENDING_BYTES) {
      this.options.log(
        `record: ${named(call)} was not recorded: ${this.pendingCalls} recordings are still being written`,
      );
      return;
    }
    this.pendingCalls++;
    this.pendingBytes += bytes;
    this.pending = this.pending
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => this.write(call))
      .catch((error: unknown) => {
        // The file system's code (ENOSPC), or the kind of failure: never its message, which may quote the call.
        const reason =
          error instanceof Error ? ('code' in error ? String(error.code) : error.name) : 'failed';
        this.options.log(`record: ${named(call)} was not recorded: writing it failed (${reason})`);
      })
      .finally(() => {
        this.pendingCalls--;
        this.pendingBytes -= bytes;
      });
  }

  /** Resolves once every call handed over so far is written or left out. */
  settled(): Promise<void> {
    return this.pending;
  }

  private recordingOf(call: RelayedCall): { recording: Recording; answer: RecordedAnswer } | string {
    const redaction: Redaction = { fields: this.options.fields, secrets: secretsOf(call.authorization) };
    const requestBody =
      call.body.length === 0 ? null : keptBody(call.body, call.contentType ?? null, redaction);
    if (requestBody && 'refused' in requestBody)
      return `its request body cannot be kept: ${requestBody.refused}`;
    const contentType = header(call.headers, 'content-type');
    const answerBody = keptBody(Buffer.concat(call.answer), contentType, redaction);
    if ('refused' in answerBody) return `its answer cannot be kept: ${answerBody.refused}`;
    const request: Recording['request'] = {
      method: call.method,
      path: comparablePath(call.below),
      query: redactPairs(sortedQuery(call.search), redaction),
      body: requestBody ? requestBody.body : null,
      ignore: [],
    };
    request.id = recordingId(request, rulesOf(request, new Set()));
    const answer: RecordedAnswer = {
      recordedAt: new Date(this.options.clock.now()).toISOString(),
      status: call.status,
      contentType,
      rateLimit: Object.fromEntries(
        Object.entries(call.headers)
          .filter(([name]) => KEPT_HEADER.test(name))
          .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]),
      ),
      body: answerBody.body,
    };
    return { recording: { request, answers: [answer] }, answer };
  }

  /** What the file becomes with this answer, or why it stays as it is. */
  private merged(
    call: RelayedCall,
    file: string,
    made: { recording: Recording; answer: RecordedAnswer },
    existing: Recording | null,
  ): Recording | string {
    if (!existing) return made.recording;
    const { answer } = made;
    if (!isSuccess(answer.status) && existing.answers.some((kept) => isSuccess(kept.status))) {
      return `kept ${file}: ${named(call)} answered ${answer.status}, and an answer that is not a success never replaces a recorded success`;
    }
    if (!this.options.sequences) return made.recording;
    const last = existing.answers.at(-1)!;
    if (sameAnswer(last, answer)) return `${file} already ends with this answer`;
    if (existing.answers.length >= MAX_SEQUENCE) {
      return `${named(call)} was not recorded: ${file} holds ${MAX_SEQUENCE} answers, the most a sequence keeps`;
    }
    return { request: existing.request, answers: [...existing.answers, answer] };
  }

  private async write(call: RelayedCall): Promise<void> {
    const { log } = this.options;
    const made = this.recordingOf(call);
    if (typeof made === 'string') {
      log(`record: ${named(call)} was not recorded: ${made}`);
      return;
    }
    const { request } = made.recording;
    const file = fileName(request.method, request.path, request.id!);
    const old = await this.dir.read(file);
    let existing: Recording | null = null;
    try {
      existing = old === null ? null : parseRecording(old);
    } catch (error) {
      if (!(error instanceof NotARecording)) throw error;
    }
    const recording = this.merged(call, file, made, existing);
    if (typeof recording === 'string') {
      log(`record: ${recording}`);
      return;
    }
    const text = formatRecording(recording);
    const size = Buffer.byteLength(text);
    if (size > MAX_RECORDING_BYTES) {
      log(
        `record: ${named(call)} was not recorded: its recording would be ${megabytes(size)}, more than the ${megabytes(MAX_RECORDING_BYTES)} a recording may hold`,
      );
      return;
    }
    const over = this.dir.overBy(file, size);
    if (over) {
      log(
        `record: ${named(call)} was not recorded: RECORD_DIR holds ${
          over.over === 'files'
            ? `${this.dir.files} recordings, the most it may (RECORD_MAX_FILES)`
            : `${megabytes(this.dir.totalBytes)}, and this one would take it past RECORD_MAX_MB`
        }`,
      );
      return;
    }
    await this.dir.write(file, text);
    this.onWritten?.(recording, file);
  }
}
