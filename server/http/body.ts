import type { IncomingMessage } from 'node:http';
import { findDuplicateKey } from './duplicate-keys.ts';
import { ApiError, ClientGoneError } from './errors.ts';
import { mediaType } from './media-type.ts';
import { noteBody } from './request-notes.ts';
import { MAX_BODY_BYTES } from '../../contract/body-limit.ts';

export const JSON_TYPES = new Set(['application/json', 'text/json']);
const UTF8_CHARSETS = new Set(['utf-8', 'utf8', 'us-ascii']);

/** Refuses a body whose declared charset is not UTF-8 (or its ASCII subset). */
export function checkUtf8Charset(charset: string | null) {
  if (charset !== null && !UTF8_CHARSETS.has(charset)) {
    throw new ApiError(415, 'unsupported_media_type', 'The request body must be encoded as UTF-8.');
  }
}

function checkContentType(header: string | undefined) {
  const { type, charset } = mediaType(header);
  if (!JSON_TYPES.has(type)) {
    throw new ApiError(
      415,
      'unsupported_media_type',
      'The request body must be JSON, sent as Content-Type application/json or text/json.',
    );
  }
  checkUtf8Charset(charset);
}

function tooLarge() {
  return new ApiError(413, 'payload_too_large', `The request body must be at most ${MAX_BODY_BYTES} bytes.`, {
    Connection: 'close',
  });
}

function readRaw(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (error: Error | null, body?: Buffer) => {
      if (done) return;
      done = true;
      req.off('data', onData);
      if (error) reject(error);
      else resolve(body ?? Buffer.alloc(0));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        // Keep draining what is in flight so the client can read the answer; Connection: close ends the rest.
        req.resume();
        finish(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (body.length > 0) noteBody(req, body);
      finish(null, body);
    });
    req.on('error', () => finish(new ClientGoneError('client aborted')));
    req.on('aborted', () => finish(new ClientGoneError('client aborted')));
  });
}

const NONE = Buffer.alloc(0);

/** Whether the request says it has no body at all: no length, or 0, and no chunks (HTTP/1.1: most GETs). */
export function declaresNoBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] === undefined && (length === undefined || length === '0');
}

// Keyed by the request: a body is read from the connection once, and a second reader gets the same bytes.
const bodies = new WeakMap<IncomingMessage, Promise<Buffer>>();

/**
 * Reads a request body of any type as bytes, at most `limit` of them (413 beyond, before reading when declared).
 * Read again, the same request gives the same answer (a replayed call falls back to the emulator's own route).
 */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  // No stream to wait for, nor anything to keep.
  if (declaresNoBody(req)) return Promise.resolve(NONE);
  const read = bodies.get(req);
  if (read) return read;
  const declared = Number(req.headers['content-length'] ?? '0');
  const body =
    Number.isFinite(declared) && declared > limit ? Promise.reject(tooLarge()) : readRaw(req, limit);
  bodies.set(req, body);
  return body;
}

/**
 * Reads a JSON request body: content type, size, encoding and keys (each once per object, in any letter case)
 * checked; the parsed value is still untrusted.
 */
export async function readJsonBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<unknown> {
  checkContentType(req.headers['content-type']);
  const raw = await readBody(req, limit);
  if (raw.length === 0)
    throw new ApiError(400, 'bad_request', 'The request body is empty; a JSON object is required.');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(raw);
  } catch {
    throw new ApiError(400, 'invalid_json', 'The request body is not valid UTF-8.');
  }
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
  const duplicate = findDuplicateKey(text)?.key ?? null;
  if (duplicate !== null) throw givenTwice(duplicate);
  return body;
}

function givenTwice(key: string): ApiError {
  return new ApiError(
    400,
    'bad_request',
    `The property "${key}" appears more than once (names ignore letter case).`,
  );
}

/**
 * The body's top-level object with its keys folded to lower case, because the real service matches property
 * names case-insensitively (clients send `username`, `UserName` and `userName`).
 */
export function foldKeys(body: unknown): Map<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(400, 'bad_request', 'The request body must be a JSON object.');
  }
  return foldEntries(Object.entries(body));
}

/** Name/value pairs keyed by their lower-case names; a name given twice (in any letter case) is refused. */
export function foldEntries(entries: Iterable<[string, unknown]>): Map<string, unknown> {
  const folded = new Map<string, unknown>();
  for (const [key, value] of entries) {
    const lower = key.toLowerCase();
    if (folded.has(lower)) throw givenTwice(key);
    folded.set(lower, value);
  }
  return folded;
}

/** A required, non-empty string property of a folded body. */
export function requiredString(body: Map<string, unknown>, name: string, maxLength: number): string {
  const value = body.get(name.toLowerCase());
  if (value === undefined || value === null) throw new ApiError(400, 'bad_request', `${name} is required.`);
  if (typeof value !== 'string') throw new ApiError(400, 'bad_request', `${name} must be a string.`);
  if (value.trim() === '') throw new ApiError(400, 'bad_request', `${name} must not be empty.`);
  if (value.length > maxLength) {
    throw new ApiError(400, 'bad_request', `${name} must be at most ${maxLength} characters.`);
  }
  return value;
}
