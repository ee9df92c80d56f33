import { ApiError } from '../http/errors.ts';
import { decodeRepeatedly } from '../http/decode.ts';

export const RELAY_MOUNT = '/relay';

/** What a request under `/relay` asks for; `rest` is undefined for `/relay/<name>` without a trailing slash. */
export type RelayRequest =
  { kind: 'list' } | { kind: 'tenant'; name: string; rest: string | undefined; search: string };

function unsafe(): ApiError {
  return new ApiError(
    400,
    'bad_request',
    'The relay path must stay inside the tenant base: no dot segments, backslashes, empty segments, encoded slashes or control characters.',
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
  const raw = rawPath.toLowerCase();
  return [raw, normalizedLower].some((path) => path === RELAY_MOUNT || path.startsWith(`${RELAY_MOUNT}/`));
}

// Only dots (and the whitespace or `;parameters` some servers strip from them) would climb: `..`, `. .`, `..;x`.
const DOTS_ONLY = /^[.\s]+(?:;.*)?$/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const FORBIDDEN = /[\\/\u0000-\u001f\u007f#]/;

/**
 * Reads a relay request target strictly, refusing (400) anything that could climb out of the tenant base once
 * some server along the way decodes or normalizes it: dot segments plain or percent-encoded (any depth),
 * backslashes, `//`, encoded slashes, control characters.
 */
export function parseRelayTarget(target: string): RelayRequest {
  const { path, search } = splitTarget(target);
  if (path.includes('\\') || path.includes('//')) throw unsafe();
  const segments = path.split('/').slice(1);
  segments.forEach((segment, index) => {
    const decoded = decodeRepeatedly(segment);
    const last = index === segments.length - 1;
    if (decoded === null || DOTS_ONLY.test(decoded) || FORBIDDEN.test(decoded)) throw unsafe();
    // Empty segments stand only at the end (`/relay/`, `/relay/acme/`): `//` was refused above.
    if (decoded === '' && !last) throw unsafe();
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
