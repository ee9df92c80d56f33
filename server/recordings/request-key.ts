import { createHash } from 'node:crypto';

/** Deeper than this, a JSON body is digested as its bytes: walking it would exhaust the stack. */
const MAX_JSON_DEPTH = 512;

class TooDeep extends Error {}

/** What makes two calls the same recording, read the same way when recording and when replaying. */
export interface RequestKey {
  method: string;
  /** Below the API base, decoded and in lower case, as the service compares it: `/api/30/tickets/12`. */
  path: string;
  /** The query's parameters sorted by name (then value), as a query string without `?`. */
  query: string;
  /** sha256 of the body: of its canonical JSON when it parses, of its bytes otherwise; '' when empty. */
  bodyDigest: string;
  /** sha256 of all of the above: what a recording file is found by. */
  id: string;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

function canonical(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (depth > MAX_JSON_DEPTH) throw new TooDeep();
  if (Array.isArray(value)) return value.map((item) => canonical(item, depth + 1));
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key], depth + 1)]),
  );
}

/** A JSON text in canonical form (keys sorted at every depth, no whitespace), or null when it is not JSON. */
function canonicalJson(text: string): string | null {
  try {
    return JSON.stringify(canonical(JSON.parse(text), 1));
  } catch (error) {
    if (error instanceof SyntaxError || error instanceof TooDeep) return null;
    throw error;
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

/** The parameters of a query (`?a=1&b=2` or without `?`), sorted by name and then value. */
export function sortedQuery(search: string): [string, string][] {
  return [...new URLSearchParams(search).entries()].sort(([a, x], [b, y]) =>
    a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0,
  );
}

function bodyDigest(body: Buffer): string {
  if (body.length === 0) return '';
  const json = canonicalJson(body.toString('utf8'));
  return sha256(json ?? body);
}

/** The key of a call; `path` is already comparable (comparablePath, or the router's decoded segments). */
export function requestKey(method: string, path: string, search: string, body: Buffer): RequestKey {
  const query = new URLSearchParams(sortedQuery(search)).toString();
  const digest = bodyDigest(body);
  return {
    method: method.toUpperCase(),
    path,
    query,
    bodyDigest: digest,
    id: sha256(`${method.toUpperCase()}\n${path}\n${query}\n${digest}`),
  };
}
