import type { ApiMethod } from '@/lib/api-client';
import type { CatalogEntry } from '@contract/catalog/catalog-entry';
import { checkJsonBody } from './json-body';
import { fillFromEntry } from './fill-from-entry';
import { staysUnderApi } from './stays-under-api';

export const METHODS: readonly ApiMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export interface QueryParam {
  /** Stable across edits, for the list's keys. */
  id: number;
  name: string;
  value: string;
}

/** What the Requests screen's form holds. */
export interface RequestForm {
  method: ApiMethod;
  /** Below the connection's `/api/`, with `{name}` placeholders, e.g. `people/{uid}`. */
  path: string;
  /** Values of the path's placeholders, by name. */
  pathValues: Record<string, string>;
  query: QueryParam[];
  /** JSON text; empty for no body. */
  body: string;
}

export const EMPTY_FORM: RequestForm = {
  method: 'GET',
  path: 'auth/getuser',
  pathValues: {},
  query: [],
  body: '',
};

let nextId = 1;
export function newQueryParam(name = '', value = ''): QueryParam {
  return { id: nextId++, name, value };
}

/** The `{name}` placeholders of a path, each once, in order. */
export function placeholdersOf(path: string): string[] {
  return [...new Set([...path.matchAll(/\{([^{}/]+)\}/g)].map((m) => m[1]!))];
}

/** The form an endpoint of the catalog starts: its method, path, parameters and body skeleton. */
export function formFromEntry(entry: CatalogEntry): RequestForm {
  const filled = fillFromEntry(entry);
  return {
    method: filled.method,
    path: filled.pathTemplate.replace(/^\/api\//, ''),
    pathValues: Object.fromEntries(filled.pathParams.map((p) => [p.name, p.value])),
    query: filled.query.map((q) => newQueryParam(q.name, q.value)),
    body: filled.body,
  };
}

/** A request ready for the api client: `path` from `/api/` on, query string included. */
export interface BuiltRequest {
  method: ApiMethod;
  path: string;
  bodyText?: string;
}

export interface FormErrors {
  path?: string;
  pathValues?: Record<string, string>;
  body?: string;
}

export type BuildResult = { ok: true; request: BuiltRequest } | { ok: false; errors: FormErrors };

const LEAVES_API = 'The path must stay under /api/: no "." or ".." segments.';

/**
 * The form as a request for the connection at `base` (its base URL, as the api client prefixes it), or what
 * stops it being sent: a path that leaves `/api/` (as the browser will read it) or carries its own query, an
 * empty path parameter, a body that is not JSON (with where it breaks), a body on a GET.
 */
export function buildRequest(form: RequestForm, base: string): BuildResult {
  const errors: FormErrors = {};
  const path = form.path
    .trim()
    .replace(/^\/+/, '')
    .replace(/^api\//i, '');
  const segments = path.split('/');
  if (/[?#]/.test(path)) errors.path = 'Put query parameters in the rows below, not in the path.';
  else if (segments.some((s) => s === '.' || s === '..' || /^(%2e|\.){1,2}$/i.test(s)))
    errors.path = LEAVES_API;
  else if (/\s/.test(path)) errors.path = 'The path cannot contain spaces.';
  const missing: Record<string, string> = {};
  let filled = path;
  for (const name of placeholdersOf(path)) {
    const value = form.pathValues[name] ?? '';
    if (value.trim() === '') missing[name] = `Fill in ${name}.`;
    filled = filled.split(`{${name}}`).join(encodeURIComponent(value.trim()));
  }
  if (Object.keys(missing).length > 0) errors.pathValues = missing;
  const hasBody = form.body.trim() !== '';
  if (hasBody && form.method === 'GET')
    errors.body = 'A GET request has no body: empty it or pick another method.';
  else if (hasBody) {
    const check = checkJsonBody(form.body);
    if (!check.ok) errors.body = check.message;
  }
  if (errors.path || errors.pathValues || errors.body) return { ok: false, errors };
  const params = new URLSearchParams();
  for (const row of form.query) if (row.name.trim() !== '') params.append(row.name.trim(), row.value);
  const search = params.toString();
  const target = `/api/${filled}${search ? `?${search}` : ''}`;
  if (!staysUnderApi(base, target)) {
    return { ok: false, errors: { path: `${LEAVES_API} The browser reads "\\" as "/".` } };
  }
  return {
    ok: true,
    request: { method: form.method, path: target, ...(hasBody ? { bodyText: form.body } : {}) },
  };
}

/** The sign-in calls carry credentials in their body and never the session's token. */
export function isSignInPath(path: string): boolean {
  return /^\/api\/auth(\/login|\/loginadmin)?(\?|$)/i.test(path);
}
