import { createHash } from 'node:crypto';
import { isSecretName, MASKED_SECRET } from '../../contract/secret-fields.ts';
import { isFormType, parseJsonText } from './recorded-body.ts';
import type { RecordedBody, Recording } from './recording-file.ts';
import { scrubText } from './redact.ts';

/** Deeper than this, a JSON body is compared as its bytes: walking it would exhaust the stack. */
const MAX_JSON_DEPTH = 512;

class TooDeep extends Error {}

/**
 * How a call is compared with a recording, as the service binds a call: query names and JSON keys in any letter
 * case, a number the same as the string that writes it (`"25"` and `25`), secret-named values (which a recording
 * never holds) not compared.
 */
export interface MatchRules {
  /** Names (lower case) whose value the recording masked: any value matches. */
  masked: ReadonlySet<string>;
  /** Names (lower case) of query parameters and body fields, at any depth, left out of the comparison. */
  ignored: ReadonlySet<string>;
}

/** A request's body as it is compared: what kind it is, read as that kind. */
type ComparedBody =
  | { kind: 'empty' }
  | { kind: 'json'; value: unknown }
  | { kind: 'form'; pairs: [string, string][] }
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; bytes: Buffer };

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** A string that writes a number exactly as JavaScript writes it back (`"25"`, `"-1.5"`; not `"025"` or `"1e3"`). */
function numericString(text: string): boolean {
  return text !== '' && String(Number(text)) === text;
}

function maskedValue(name: string, rules: MatchRules): boolean {
  return isSecretName(name) || rules.masked.has(name.toLowerCase());
}

function scalar(value: unknown): unknown {
  if (typeof value === 'number') return ['n', String(value)];
  if (typeof value === 'string') {
    const scrubbed = scrubText(value, []);
    return numericString(scrubbed) ? ['n', scrubbed] : ['s', scrubbed];
  }
  return value;
}

function canonical(value: unknown, rules: MatchRules, depth: number): unknown {
  if (typeof value !== 'object' || value === null) return scalar(value);
  if (depth > MAX_JSON_DEPTH) throw new TooDeep();
  if (Array.isArray(value)) return value.map((item) => canonical(item, rules, depth + 1));
  return Object.entries(value)
    .filter(([key]) => !rules.ignored.has(key.toLowerCase()))
    .map(([key, item]) => [
      key.toLowerCase(),
      maskedValue(key, rules) ? MASKED_SECRET : canonical(item, rules, depth + 1),
    ])
    .sort(([a], [b]) => ((a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0));
}

/** Name and value pairs (a query, a form) as compared: names without case, sorted, masked and ignored ones aside. */
function comparedPairs(pairs: [string, string][], rules: MatchRules): [string, string][] {
  return pairs
    .filter(([name]) => !rules.ignored.has(name.toLowerCase()))
    .map(([name, value]): [string, string] => [
      name.toLowerCase(),
      maskedValue(name, rules) ? MASKED_SECRET : scrubText(value, []),
    ])
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
}

function comparedBodyText(body: ComparedBody, rules: MatchRules): string {
  switch (body.kind) {
    case 'empty':
      return '';
    case 'json':
      try {
        return `json ${JSON.stringify(canonical(body.value, rules, 1))}`;
      } catch (error) {
        if (!(error instanceof TooDeep)) throw error;
        return `bytes ${sha256(JSON.stringify(body.value) ?? '')}`;
      }
    case 'form':
      return `form ${JSON.stringify(comparedPairs(body.pairs, rules))}`;
    case 'text':
      return `text ${scrubText(body.text, [])}`;
    case 'bytes':
      return `bytes ${sha256(body.bytes)}`;
  }
}

function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A path below the base as the service compares it: decoded, lower-case, one leading slash, none trailing. */
export function comparablePath(below: string): string {
  const segments = below
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => decodedSegment(segment).toLowerCase());
  return `/${segments.join('/')}`;
}

/** A path a recording holds (decoded already) as compared: lower-case, one leading slash, none trailing. */
export function recordedPath(path: string): string {
  const segments = path.split('/').filter((segment) => segment !== '');
  return `/${segments.join('/').toLowerCase()}`;
}

/** The parameters of a query (`?a=1&b=2` or without `?`), sorted by name and then value. */
export function sortedQuery(search: string): [string, string][] {
  return [...new URLSearchParams(search).entries()].sort(([a, x], [b, y]) =>
    a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0,
  );
}

/** What is compared of a request, as one text: its method, path, query and body, a line each. */
function comparedText(
  method: string,
  path: string,
  query: [string, string][],
  body: ComparedBody,
  rules: MatchRules,
): string {
  const compared = [
    method.toUpperCase(),
    path,
    query.length === 0 ? '[]' : JSON.stringify(comparedPairs(query, rules)),
    comparedBodyText(body, rules),
  ];
  return compared.join('\n');
}

/**
 * Keys up to this long are the compared text itself: for the short calls most of a suite makes, a SHA-256 costs more
 * than the rest of the key (profiled). A longer text is keyed by its digest, which never holds a line break, so the
 * two kinds of key never meet.
 */
const MAX_PLAIN_KEY = 1024;

const keyOf = (text: string) => (text.length <= MAX_PLAIN_KEY ? text : sha256(text));

/** A call's body read as the recorder keeps it: JSON (a byte-order mark before it or not), a form, text or bytes. */
function bodyOfCall(bytes: Buffer, contentType: string | undefined): ComparedBody {
  if (bytes.length === 0) return { kind: 'empty' };
  const text = bytes.toString('utf8');
  if (!Buffer.from(text, 'utf8').equals(bytes)) return { kind: 'bytes', bytes };
  const json = parseJsonText(text);
  if (json) return { kind: 'json', value: json.value };
  if (isFormType(contentType)) return { kind: 'form', pairs: [...new URLSearchParams(text)] };
  return { kind: 'text', text };
}

function bodyOfRecording(body: RecordedBody | null): ComparedBody {
  if (body === null || 'empty' in body) return { kind: 'empty' };
  if ('json' in body) return { kind: 'json', value: body.json };
  if ('form' in body) return { kind: 'form', pairs: body.form };
  if ('text' in body) return { kind: 'text', text: body.text };
  return { kind: 'bytes', bytes: Buffer.from(body.base64, 'base64') };
}

/** A call as it arrives, under the rules of the recordings it is compared with. */
export interface Call {
  method: string;
  /** Below the base, as comparablePath makes it (or the router's decoded segments, in lower case). */
  path: string;
  search: string;
  body: Buffer;
  contentType: string | undefined;
}

/** The key of a call under these rules: equal to a recording's key (recordingKey) when the recording answers it. */
export function callKey(call: Call, rules: MatchRules): string {
  return keyOf(
    comparedText(
      call.method,
      call.path,
      call.search.length <= 1 ? [] : sortedQuery(call.search),
      bodyOfCall(call.body, call.contentType),
      rules,
    ),
  );
}

/** The names (lower case) whose values a request holds masked, at any depth of its query and body. */
function maskedNames(request: Recording['request']): Set<string> {
  const names = new Set<string>();
  const pairs = (list: [string, string][]) => {
    for (const [name, value] of list) if (value === MASKED_SECRET) names.add(name.toLowerCase());
  };
  const walk = (value: unknown, depth: number) => {
    if (typeof value !== 'object' || value === null || depth > MAX_JSON_DEPTH) return;
    for (const [key, item] of Object.entries(value)) {
      if (item === MASKED_SECRET && !Array.isArray(value)) names.add(key.toLowerCase());
      walk(item, depth + 1);
    }
  };
  pairs(request.query);
  const { body } = request;
  if (body && 'form' in body) pairs(body.form);
  if (body && 'json' in body) walk(body.json, 1);
  return names;
}

/** The rules a recording is compared by: the names it masked, and the fields it and `ignored` leave out. */
export function rulesOf(request: Recording['request'], ignored: ReadonlySet<string>): MatchRules {
  return {
    masked: maskedNames(request),
    ignored: new Set([...ignored, ...request.ignore.map((name) => name.toLowerCase())]),
  };
}

function recordedText(request: Recording['request'], rules: MatchRules): string {
  return comparedText(
    request.method,
    recordedPath(request.path),
    request.query,
    bodyOfRecording(request.body),
    rules,
  );
}

/** A recording's key under its rules: worked out from the request it holds, never read from its file. */
export function recordingKey(request: Recording['request'], rules: MatchRules): string {
  return keyOf(recordedText(request, rules));
}

/** The `id` the recorder writes for people and file names: the digest of the request as masked, whatever its length. */
export function recordingId(request: Recording['request'], rules: MatchRules): string {
  return sha256(recordedText(request, rules));
}
