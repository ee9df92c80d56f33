/**
 * The recordings room: RECORD_DIR writes each relayed call outside the Auth area, with its answer, to a file of its
 * own (recorder.ts), masked (redact.ts); REPLAY_DIR answers the emulator's calls it does not emulate from those
 * files (replay.ts). Both find a call by the same key (request-key.ts).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isSecretName, MASKED_SECRET } from '../../contract/secret-fields.ts';
import { ConfigError } from '../config/config-error.ts';
import { RECORDING_VERSION, type RecordedBody, type Recording } from './recording-file.ts';
import { redactJson, scrubText, secretsOf, type Redaction } from './redact.ts';
import { comparablePath, requestKey, sortedQuery } from './request-key.ts';

/** A relayed call and the tenant's answer, as the relay hands it over once the answer is in. */
export interface RelayedCall {
  method: string;
  /** Below the tenant base, as the client wrote it. */
  below: string;
  search: string;
  body: Buffer;
  authorization: string | undefined;
  status: number;
  /** The answer's headers as the relay passes them on. */
  headers: Record<string, string | string[]>;
  answer: Buffer;
}

const RATE_LIMIT_HEADER = /^x-ratelimit-/i;

function isUtf8(bytes: Buffer): boolean {
  return Buffer.from(bytes.toString('utf8'), 'utf8').equals(bytes);
}

/** A body as a file holds it, masked; null when it cannot be kept safely (too deep to mask, bytes with a secret). */
function recordedBody(bytes: Buffer, redaction: Redaction): RecordedBody | null {
  if (bytes.length === 0) return { empty: true };
  if (!isUtf8(bytes)) {
    return redaction.secrets.some((secret) => bytes.includes(secret))
      ? null
      : { base64: bytes.toString('base64') };
  }
  const text = bytes.toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { text: scrubText(text, redaction.secrets) };
  }
  const masked = redactJson(parsed, redaction);
  return masked === null ? null : { json: masked };
}

/** A file name people can read (method and path) that only this call's key leads to. */
function fileName(method: string, path: string, id: string): string {
  const slug = path
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
  return `${method.toLowerCase()}-${slug || 'base'}-${id.slice(0, 16)}.json`;
}

function header(headers: RelayedCall['headers'], name: string): string | null {
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  if (!found) return null;
  return Array.isArray(found[1]) ? (found[1][0] ?? null) : found[1];
}

/** The recording of a call, masked; null when it cannot be written without a secret. */
function recordingOf(call: RelayedCall, fields: ReadonlySet<string>): Recording | null {
  const redaction: Redaction = { fields, secrets: secretsOf(call.authorization) };
  const key = requestKey(call.method, comparablePath(call.below), call.search, call.body);
  const requestBody = call.body.length === 0 ? null : recordedBody(call.body, redaction);
  const answerBody = recordedBody(call.answer, redaction);
  if (answerBody === null || (call.body.length > 0 && requestBody === null)) return null;
  const query = sortedQuery(call.search).map(([name, value]): [string, string] => [
    name,
    isSecretName(name) || fields.has(name.toLowerCase())
      ? MASKED_SECRET
      : scrubText(value, redaction.secrets),
  ]);
  const rateLimit = Object.fromEntries(
    Object.entries(call.headers)
      .filter(([name]) => RATE_LIMIT_HEADER.test(name))
      .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]),
  );
  return {
    recording: RECORDING_VERSION,
    request: { method: key.method, path: key.path, query, body: requestBody, id: key.id },
    answer: {
      status: call.status,
      contentType: header(call.headers, 'content-type'),
      rateLimit,
      body: answerBody,
    },
  };
}

/** Writes relayed calls to RECORD_DIR: one file per distinct call, the latest answer replacing an earlier one. */
export class Recorder {
  /**
   * Makes the directory (0700) now, so that a directory that cannot be written stops the start, named. A
   * directory that is already there is made 0700 too: recordings hold the tenant's data.
   */
  constructor(
    private readonly dir: string,
    private readonly fields: ReadonlySet<string>,
    private readonly log: (line: string) => void,
  ) {
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      if (!statSync(dir).isDirectory()) throw new Error('not a directory');
      chmodSync(dir, 0o700);
    } catch {
      throw new ConfigError(`RECORD_DIR (--record) ${dir} cannot be made a directory this server can write.`);
    }
  }

  /**
   * Writes a call's recording (or logs why not: never its content): to a temporary file first, renamed over the
   * old one, so that a reader never sees half a file. Never throws.
   */
  async record(call: RelayedCall): Promise<void> {
    const recording = recordingOf(call, this.fields);
    const name = recording
      ? fileName(recording.request.method, recording.request.path, recording.request.id)
      : null;
    if (!recording || !name) {
      this.log(`record: a ${call.method} call was not recorded: its body cannot be masked safely`);
      return;
    }
    const redaction = secretsOf(call.authorization);
    // Once more over the whole text: no part of the call's token reaches the disk, whatever field it hid in.
    const text = `${scrubText(JSON.stringify(recording, null, 2), redaction)}\n`;
    const temporary = join(this.dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeFile(temporary, text, { mode: 0o600, flag: 'wx' });
      await rename(temporary, join(this.dir, name));
    } catch (error) {
      await rm(temporary, { force: true });
      const code = error instanceof Error && 'code' in error ? String(error.code) : 'failed';
      this.log(`record: ${name} could not be written (${code})`);
    }
  }
}
