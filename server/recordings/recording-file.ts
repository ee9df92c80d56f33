/**
 * One recording file: what a call asked (for people to read, secrets masked) and the answer replayed for it. The
 * call is found by `request.id` (request-key.ts), a digest of what it asked before anything was masked.
 */
import { API_METHODS, isApiMethod } from '../../contract/web-api/methods.ts';

export const RECORDING_VERSION = 1;

/** The answer's body: JSON as parsed (and masked), other text as it was (tokens scrubbed), or other bytes. */
export type RecordedBody = { json: unknown } | { text: string } | { base64: string } | { empty: true };

export interface Recording {
  recording: typeof RECORDING_VERSION;
  request: {
    method: string;
    /** Below the API base, decoded and in lower case. */
    path: string;
    /** Sorted; secret-named values masked. */
    query: [string, string][];
    /** The body sent, masked as the answer is; null when there was none. */
    body: RecordedBody | null;
    id: string;
  };
  answer: {
    status: number;
    contentType: string | null;
    /** The tenant's X-RateLimit-* headers when recorded (the emulator's own limits apply on replay). */
    rateLimit: Record<string, string>;
    body: RecordedBody;
  };
}

/** Why a file is not a recording; the loader names the file. */
export class NotARecording extends Error {}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringRecord(value: unknown): value is Record<string, string> {
  return isObject(value) && Object.values(value).every((item) => typeof item === 'string');
}

function recordedBody(value: unknown, where: string): RecordedBody {
  if (!isObject(value) || Object.keys(value).length !== 1) {
    throw new NotARecording(`${where} must be an object with one of json, text, base64 or empty.`);
  }
  if ('json' in value) return { json: value.json };
  if (typeof value.text === 'string') return { text: value.text };
  if (typeof value.base64 === 'string' && /^[A-Za-z0-9+/]*={0,2}$/.test(value.base64)) {
    return { base64: value.base64 };
  }
  if (value.empty === true) return { empty: true };
  throw new NotARecording(`${where} must be an object with one of json, text, base64 or empty.`);
}

/** Reads a recording file's text strictly; throws NotARecording saying what is wrong. */
export function parseRecording(text: string): Recording {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new NotARecording('it is not JSON.');
  }
  if (!isObject(parsed) || parsed.recording !== RECORDING_VERSION) {
    throw new NotARecording(`it is not a recording of version ${RECORDING_VERSION} ("recording": 1).`);
  }
  const { request, answer } = parsed;
  if (!isObject(request) || !isObject(answer)) throw new NotARecording('it needs a request and an answer.');
  if (!isApiMethod(request.method)) {
    throw new NotARecording(`request.method must be one of ${API_METHODS.join(', ')}.`);
  }
  if (
    typeof request.path !== 'string' ||
    !request.path.startsWith('/') ||
    request.path !== request.path.toLowerCase()
  ) {
    throw new NotARecording('request.path must be a lower-case path starting with "/".');
  }
  const query = request.query;
  if (
    !Array.isArray(query) ||
    !query.every(
      (pair) => Array.isArray(pair) && pair.length === 2 && pair.every((p) => typeof p === 'string'),
    )
  ) {
    throw new NotARecording('request.query must be a list of [name, value] pairs.');
  }
  if (typeof request.id !== 'string' || !/^[0-9a-f]{64}$/.test(request.id)) {
    throw new NotARecording('request.id must be 64 lower-case hexadecimal digits.');
  }
  const status = answer.status;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 200 || status > 599) {
    throw new NotARecording('answer.status must be a whole number from 200 to 599.');
  }
  if (answer.contentType !== null && typeof answer.contentType !== 'string') {
    throw new NotARecording('answer.contentType must be a string or null.');
  }
  if (!stringRecord(answer.rateLimit)) throw new NotARecording('answer.rateLimit must map names to strings.');
  return {
    recording: RECORDING_VERSION,
    request: {
      method: request.method,
      path: request.path,
      query: query as [string, string][],
      body: request.body === null ? null : recordedBody(request.body, 'request.body'),
      id: request.id,
    },
    answer: {
      status,
      contentType: answer.contentType,
      rateLimit: answer.rateLimit,
      body: recordedBody(answer.body, 'answer.body'),
    },
  };
}

/** The body's bytes as replayed. */
export function bodyBytes(body: RecordedBody): Buffer {
  if ('json' in body) return Buffer.from(JSON.stringify(body.json));
  if ('text' in body) return Buffer.from(body.text);
  if ('base64' in body) return Buffer.from(body.base64, 'base64');
  return Buffer.alloc(0);
}

/** How a call reads in a `not_recorded` message: its method, path and (masked) query. */
export function describeRequest(request: Recording['request']): string {
  const query = new URLSearchParams(request.query).toString();
  return `${request.method} ${request.path}${query ? `?${query}` : ''}`;
}
