import { otherBaseOf } from '@contract/web-api/bases';

/** A name and value of the query string, decoded once. */
interface ReadParam {
  name: string;
  value: string;
}

export type ReadTarget =
  | {
      ok: true;
      /** Below the connection's `/api/`, as the path field holds it. */
      path: string;
      /** The query's parameters in order, repeated names kept; null when the text had no `?`. */
      query: ReadParam[] | null;
    }
  | {
      ok: false;
      message: string;
      /**
       * For a URL of the same tenant's other base (production pasted into a sandbox session, or the other way):
       * its path and query read on this session's connection instead, for the person to choose.
       */
      instead?: { path: string; query: ReadParam[] | null };
    };

/** Where the session's calls go: the bases (absolute, no trailing slash) its URLs may start with. */
export interface TargetBases {
  /** The base this session is shown as, named in a refusal. */
  own: string;
  /** Every absolute base that reaches the same connection (this origin's path, and a relayed tenant's own URL). */
  accepted: readonly string[];
}

const ABSOLUTE = /^[a-z][a-z0-9+.-]*:\/\//i;

function splitQuery(text: string): { rest: string; query: ReadParam[] | null } {
  const withoutFragment = text.split('#')[0]!;
  const at = withoutFragment.indexOf('?');
  if (at < 0) return { rest: withoutFragment, query: null };
  const params = new URLSearchParams(withoutFragment.slice(at + 1));
  return {
    rest: withoutFragment.slice(0, at),
    query: [...params].map(([name, value]) => ({ name, value })),
  };
}

/** The base a URL names: everything before its `/api/`, or the whole URL when it has none. */
function baseNamedBy(url: URL): string {
  const at = url.pathname.search(/\/api(\/|$)/i);
  return `${url.origin}${at < 0 ? url.pathname.replace(/\/$/, '') : url.pathname.slice(0, at)}`;
}

function refuse(theirs: string, own: string, instead?: ReadTarget & { ok: true }): ReadTarget {
  return {
    ok: false,
    message: `That URL is for ${theirs}, but this session is signed in to ${own}: a token goes only to its own connection.`,
    ...(instead ? { instead: { path: instead.path, query: instead.query } } : {}),
  };
}

function belowApi(path: string): string {
  return path.replace(/^\/+/, '').replace(/^api(\/|$)/i, '');
}

/** Whether `path` lies under `base`'s path, letter case aside (the service reads paths in any case). */
function under(path: string, base: string): boolean {
  return path.toLowerCase().startsWith(`${base.toLowerCase()}/`);
}

/**
 * A URL read on one absolute base: its path below `/api/` and its query; a refusal when it lies under the base but
 * outside `/api/`; null when it does not lie under the base at all.
 */
function readOn(url: URL, accepted: string, query: ReadParam[] | null): ReadTarget | null {
  const base = new URL(accepted);
  const basePath = base.pathname.replace(/\/$/, '');
  if (url.origin !== base.origin || !under(url.pathname, basePath)) return null;
  const path = url.pathname.slice(basePath.length).replace(/%7B/gi, '{').replace(/%7D/gi, '}');
  if (!/^\/api(\/|$)/i.test(path)) return { ok: false, message: '' };
  return { ok: true, path: belowApi(path), query };
}

/**
 * A URL under the other base of a connection this session may call (same origin, `/TDWebApi` for `/SBTDWebApi` or
 * the other way), read as a URL of that connection would be: what the refusal offers to use instead.
 */
function onOtherBase(url: URL, bases: TargetBases, query: ReadParam[] | null) {
  for (const accepted of bases.accepted) {
    const other = otherBaseOf(accepted);
    const read = other === undefined ? null : readOn(url, other, query);
    if (read?.ok) return read;
  }
  return undefined;
}

/**
 * What the user gave the path field, read as a person means it: a full URL of the connection (its base stripped),
 * a path with `/api/` or without, a query string split into rows (decoded once). A URL of another base is refused,
 * naming both.
 */
export function readTarget(text: string, bases: TargetBases): ReadTarget {
  const { rest, query } = splitQuery(text.trim());
  if (ABSOLUTE.test(rest)) {
    let url: URL;
    try {
      url = new URL(rest);
    } catch {
      return { ok: false, message: 'That is not a URL the browser can read.' };
    }
    for (const accepted of bases.accepted) {
      const read = readOn(url, accepted, query);
      if (read) return read.ok ? read : refuse(baseNamedBy(url), bases.own);
    }
    return refuse(baseNamedBy(url), bases.own, onOtherBase(url, bases, query));
  }
  const named = /^(\/[^/]+(?:\/[^/]+)*?)\/api(\/|$)/i.exec(rest);
  if (named) {
    const prefix = named[1]!;
    const ours = bases.accepted.map((base) => new URL(base).pathname.replace(/\/$/, '').toLowerCase());
    if (!ours.includes(prefix.toLowerCase())) {
      const other = ours.some((base) => otherBaseOf(base)?.toLowerCase() === prefix.toLowerCase());
      const path = rest.slice(prefix.length);
      return refuse(prefix, bases.own, other ? { ok: true, path: belowApi(path), query } : undefined);
    }
    return { ok: true, path: belowApi(rest.slice(prefix.length)), query };
  }
  return { ok: true, path: belowApi(rest), query };
}
