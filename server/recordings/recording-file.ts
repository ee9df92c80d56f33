/**
 * One recording file: what a call asked (for people to read, secrets masked) and the answer, or the answers in
 * order, replayed for it. Replay finds the call by what the request says (request-key.ts), worked out when the
 * file is loaded; `request.id` is that key's digest as the recorder wrote it, for people and file names only.
 */
import { API_METHODS, isApiMethod } from '../../contract/web-api/methods.ts';

const RECORDING_VERSION = 2;
/** What files written before sequences and recording times say; they load as ever. */
const FIRST_VERSION = 1;

/**
 * The most a recording file may hold, written or read: more than the relay's largest answer (10 MB) written as
 * base64, so that any answer the relay passes on fits, and small enough that its text is always one string.
 */
export const MAX_RECORDING_BYTES = 16 * 1024 * 1024;

/**
 * A body: JSON as parsed (and masked), a form's fields in order (masked), other text as it was, or other bytes.
 */
export type RecordedBody =
  { json: unknown } | { form: [string, string][] } | { text: string } | { base64: string } | { empty: true };

export interface RecordedAnswer {
  /** When it was recorded (ISO 8601); null in a file written before recording times. */
  recordedAt: string | null;
  status: number;
  contentType: string | null;
  /**
   * The tenant's X-RateLimit-* (and Retry-After) headers when recorded: the emulator's own limits apply on
   * replay, and a replayed 429 takes its wait from them.
   */
  rateLimit: Record<string, string>;
  body: RecordedBody;
}

export interface Recording {
  request: {
    method: string;
    /** Below the API base, decoded and in lower case. */
    path: string;
    /** Sorted; secret-named values masked. */
    query: [string, string][];
    /** The body sent, masked as the answer is; null when there was none. */
    body: RecordedBody | null;
    /** Body fields (names, any depth, without case) replay disregards when it matches a call to this recording. */
    ignore: string[];
    /** The digest of the request as masked (request-key.ts); not read back: replay works the key out itself. */
    id?: string;
  };
  /** One answer, or a sequence replayed in order, the last one repeating. */
  answers: RecordedAnswer[];
}

/** Why a file is not a recording; the loader names the file. */
export class NotARecording extends Error {}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringRecord(value: unknown): value is Record<string, string> {
  return isObject(value) && Object.values(value).every((item) => typeof item === 'string');
}

const isNameList = (names: unknown): names is string[] =>
  Array.isArray(names) && names.every((name) => typeof name === 'string' && name !== '');

const isPair = (pair: unknown): pair is [string, string] =>
  Array.isArray(pair) && pair.length === 2 && pair.every((p) => typeof p === 'string');

function recordedBody(value: unknown, where: string): RecordedBody {
  const shapes = `${where} must be an object with one of json, form, text, base64 or empty.`;
  if (!isObject(value) || Object.keys(value).length !== 1) throw new NotARecording(shapes);
  if ('json' in value) return { json: value.json };
  if (Array.isArray(value.form)) {
    if (!value.form.every(isPair))
      throw new NotARecording(`${where}.form must be a list of [name, value] pairs.`);
    return { form: value.form };
  }
  if (typeof value.text === 'string') return { text: value.text };
  if (typeof value.base64 === 'string' && /^[A-Za-z0-9+/]*={0,2}$/.test(value.base64)) {
    return { base64: value.base64 };
  }
  if (value.empty === true) return { empty: true };
  throw new NotARecording(shapes);
}

function recordedAnswer(answer: unknown, where: string): RecordedAnswer {
  if (!isObject(answer)) throw new NotARecording(`${where} must be an object.`);
  const status = answer.status;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 200 || status > 599) {
    throw new NotARecording(`${where}.status must be a whole number from 200 to 599.`);
  }
  if (answer.contentType !== null && typeof answer.contentType !== 'string') {
    throw new NotARecording(`${where}.contentType must be a string or null.`);
  }
  if (!stringRecord(answer.rateLimit))
    throw new NotARecording(`${where}.rateLimit must map names to strings.`);
  const recordedAt = answer.recordedAt ?? null;
  if (recordedAt !== null && (typeof recordedAt !== 'string' || Number.isNaN(Date.parse(recordedAt)))) {
    throw new NotARecording(`${where}.recordedAt must be a date and time such as "2026-03-02T12:00:00Z".`);
  }
  return {
    recordedAt,
    status,
    contentType: answer.contentType,
    rateLimit: answer.rateLimit,
    body: recordedBody(answer.body, `${where}.body`),
  };
}

function answersOf(parsed: Record<string, unknown>): RecordedAnswer[] {
  if ('answer' in parsed === 'answers' in parsed) {
    throw new NotARecording('it needs an answer, or answers (a list replayed in order), and not both.');
  }
  if ('answer' in parsed) return [recordedAnswer(parsed.answer, 'answer')];
  const { answers } = parsed;
  if (!Array.isArray(answers) || answers.length === 0) {
    throw new NotARecording('answers must be a list of one answer or more.');
  }
  return answers.map((answer, i) => recordedAnswer(answer, `answers[${i}]`));
}

/** Reads a recording file's text strictly (version 1 or 2); throws NotARecording saying what is wrong. */
export function parseRecording(text: string): Recording {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new NotARecording('it is not JSON.');
  }
  if (!isObject(parsed) || (parsed.recording !== RECORDING_VERSION && parsed.recording !== FIRST_VERSION)) {
    throw new NotARecording(
      `it is not a recording ("recording": ${RECORDING_VERSION}, or ${FIRST_VERSION} for older files).`,
    );
  }
  const { request } = parsed;
  if (!isObject(request)) throw new NotARecording('it needs a request.');
  if (!isApiMethod(request.method)) {
    throw new NotARecording(`request.method must be one of ${API_METHODS.join(', ')}.`);
  }
  if (typeof request.path !== 'string' || !request.path.startsWith('/')) {
    throw new NotARecording('request.path must be a path starting with "/".');
  }
  const query = request.query ?? [];
  if (!Array.isArray(query) || !query.every(isPair)) {
    throw new NotARecording('request.query must be a list of [name, value] pairs.');
  }
  const ignore: unknown = request.ignore ?? [];
  if (!isNameList(ignore)) {
    throw new NotARecording('request.ignore must be a list of field names.');
  }
  if (request.id !== undefined && typeof request.id !== 'string') {
    throw new NotARecording('request.id must be a string when given.');
  }
  const body = request.body ?? null;
  return {
    request: {
      method: request.method,
      path: request.path,
      query,
      body: body === null ? null : recordedBody(body, 'request.body'),
      ignore,
      ...(request.id === undefined ? {} : { id: request.id }),
    },
    answers: answersOf(parsed),
  };
}

/**
 * A recording's text as written: compact (a deeply nested answer grows by nothing), with the request and each
 * answer on a line of their own so that a change reads as a change of that line.
 */
export function formatRecording(recording: Recording): string {
  const { answers, request } = recording;
  const { ignore, ...asked } = request;
  const requestText = JSON.stringify(ignore.length > 0 ? { ...asked, ignore } : asked);
  const answerLines =
    answers.length === 1
      ? [`  "answer": ${JSON.stringify(answers[0])}`]
      : [`  "answers": [`, answers.map((answer) => `    ${JSON.stringify(answer)}`).join(',\n'), '  ]'];
  return [
    '{',
    `  "recording": ${RECORDING_VERSION},`,
    `  "request": ${requestText},`,
    ...answerLines,
    '}',
    '',
  ].join('\n');
}

/** The body's bytes as replayed. */
export function bodyBytes(body: RecordedBody): Buffer {
  if ('json' in body) return Buffer.from(JSON.stringify(body.json));
  if ('form' in body) return Buffer.from(new URLSearchParams(body.form).toString());
  if ('text' in body) return Buffer.from(body.text);
  if ('base64' in body) return Buffer.from(body.base64, 'base64');
  return Buffer.alloc(0);
}

/** How a call reads in a message: its method, path and (masked) query. */
export function describeRequest(request: Recording['request']): string {
  const query = new URLSearchParams(request.query).toString();
  return `${request.method} ${request.path}${query ? `?${query}` : ''}`;
}
