import { ApiError } from '../http/errors.ts';
import { decodeRepeatedly } from '../../contract/decode-repeatedly.ts';

export const RELAY_MOUNT = '/relay';

/** What a request under `/relay` asks for; `rest` is undefined for `/relay/<name>` without a trailing slash. */
export type RelayRequest =
  { kind: 'list' } | { kind: 'tenant'; name: string; rest: string | undefined; search: string };

function unsafe(): ApiError {
  return new ApiError(
    400,
    'bad_request',
    'The relay path must stay inside the tenant base: no dot segments (also encoded or as fullwidth dots), backslashes, empty segments, encoded slashes, question marks or number signs, or control characters.',
  );
}

/** The request target's path and query as the client sent them, before any URL parser normalized them. */
export function splitTarget(target: string): { path: string; search: string } {
  // Absolute-form targets (`GET http://host/path`) are legal HTTP; only their path and query matter here.
  const originForm = target.startsWith('/') ? target : target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const q = originForm.indexOf('?');
  return q < 0
    ? { path: originForm || '/', search: '' }
    : { path: originForm.slice(0, q) || '/', search: originForm.slice(q) };
}

/** Whether a request belongs to the relay, judged on the raw path and on the normalized one. */
export function isRelayPath(rawPath: string, normalizedLower: string): boolean {
  return underRelay(rawPath.toLowerCase()) || underRelay(normalizedLower);
}

const underRelay = (path: string) => path === RELAY_MOUNT || path.startsWith(`${RELAY_MOUNT}/`);

// Only dots (and the whitespace or `;parameters` some servers strip from them) would climb: `..`, `. .`, `..;x`.
const DOTS_ONLY = /^[.\s]+(?:;.*)?$/;
// Separators a server could split on once decoded (`/`, `\`, `?`, `#`), and control, format (bidi, zero-width)
// and line-separator characters, which have no business in a path.
const FORBIDDEN = /[\\/?#\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/**
 * The forms a server along the way may see one raw segment in: fully percent-decoded, and NFKC-normalized (a
 * server that normalizes turns fullwidth `．．` into `..`, `／` into `/`, and `％２ｅ` into an escape to decode
 * again); null when an escape is malformed or the forms do not settle.
 */
function formsOf(segment: string): string[] | null {
  const forms: string[] = [];
  let current = segment;
  for (let round = 0; round < 3; round++) {
    const decoded = decodeRepeatedly(current);
    if (decoded === null) return null;
    const normalized = decoded.normalize('NFKC');
    forms.push(decoded, normalized);
    if (normalized === decoded) return forms;
    current = normalized;
  }
  return null;
}

function isSafeSegment(segment: string): boolean {
  const forms = formsOf(segment);
  return forms !== null && forms.every((form) => !DOTS_ONLY.test(form) && !FORBIDDEN.test(form));
}

/**
 * Reads a relay request target strictly, refusing (400) anything that could climb out of the tenant base once
 * some server along the way decodes, normalizes or re-splits it: dot segments plain, percent-encoded (any
 * depth) or as compatibility characters, backslashes, `//`, encoded slashes, `?` and `#`, control characters.
 */
export function parseRelayTarget(target: string): RelayRequest {
  const { path, search } = splitTarget(target);
  if (path.includes('\\') || path.includes('//')) throw unsafe();
  const segments = path.split('/').slice(1);
  segments.forEach((segment, index) => {
    // Empty segments stand only at the end (`/relay/`, `/relay/acme/`): `//` was refused above.
    if (segment === '') {
      if (index !== segments.length - 1) throw unsafe();
    } else if (!isSafeSegment(segment)) {
      throw unsafe();
    }
  });
  if (segments[0]?.toLowerCase() !== RELAY_MOUNT.slice(1)) throw unsafe();
  const name = segments[1];
  if (name === undefined || name === '') {
    if (segments.length > 2) throw unsafe();
    return { kind: 'list' };
  }
  const rest = segments.length > 2 ? segments.slice(2).join('/') : undefined;
  return { kind: 'tenant', name: name.toLowerCase(), rest, search };
}

/**
 * The upstream URL for a checked relay request: the configured base joined with the rest, with the query as sent.
 * Checked once more after joining: the origin is the base's and the path is the base or below it.
 */
export function upstreamUrl(upstream: string, rest: string | undefined, search: string): URL {
  const base = new URL(upstream);
  const basePath = base.pathname === '/' ? '' : base.pathname;
  const path = rest === undefined ? basePath || '/' : `${basePath}/${rest}`;
  let url: URL;
  try {
    url = new URL(`${base.origin}${path}${search}`);
  } catch {
    throw unsafe();
  }
  const inside =
    url.pathname === (basePath || '/') || url.pathname.toLowerCase().startsWith(`${basePath.toLowerCase()}/`);
  if (url.origin !== base.origin || url.username || url.password || url.hash || !inside) throw unsafe();
  return url;
}

/**
 * Where a relayed redirect should send the browser: a target inside the tenant base comes back through the
 * relay (`/relay/<name>/…`, same origin); any other target is given as the absolute URL it means at the
 * upstream, so a relative one is never taken as a path of this server.
 */
export function relayedLocation(
  location: string,
  requested: URL,
  upstream: string,
  name: string,
): string | null {
  let resolved: URL;
  try {
    resolved = new URL(location, requested);
  } catch {
    return null;
  }
  const base = new URL(upstream);
  const basePath = base.pathname === '/' ? '' : base.pathname;
  const lowerPath = resolved.pathname.toLowerCase();
  const inside =
    resolved.origin === base.origin &&
    !resolved.username &&
    !resolved.password &&
    (lowerPath === basePath.toLowerCase() || lowerPath.startsWith(`${basePath.toLowerCase()}/`));
  if (!inside) return resolved.href;
  return `${RELAY_MOUNT}/${name}${resolved.pathname.slice(basePath.length)}${resolved.search}${resolved.hash}`;
}
