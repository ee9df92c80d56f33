import { ownValue } from '@/lib/own-value';
import type { CatalogEntry } from '@contract/catalog/catalog-entry';
import type { ApiMethod } from '@contract/web-api/methods';
import { checkJsonBody } from './json-body';
import { fillFromEntry } from './fill-from-entry';
import { staysUnderApi } from './stays-under-api';

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
  /** Values of the path's placeholders, by name: read with `ownValue`, as the names come from input. */
  pathValues: Record<string, string>;
  query: QueryParam[];
  /** JSON text; empty for no body. */
  body: string;
}

/** The form the screen opens with, and comes back to after a sign-out: `GET auth/getuser`, which any session may call. */
export const GET_USER_FORM: RequestForm = {
  method: 'GET',
  path: 'auth/getuser',
  pathValues: {},
  query: [],
  body: '',
};

/** What _New request_ leaves: nothing carried over from the request before, not even its path. */
export const NEW_FORM: RequestForm = {
  method: 'GET',
  path: '',
  pathValues: {},
  query: [],
  body: '',
};

let nextId = 1;
export function newQueryParam(name = '', value = ''): QueryParam {
  return { id: nextId++, name, value };
}

/** `{name}`, and never a brace of a variable's `{{name}}` (issue 37: `{{appId}}` went out as `{31}`). */
const PLACEHOLDER = /(?<!\{)\{([^{}/]+)\}(?!\})/g;

/** The `{name}` placeholders of a path, each once, in order; a variable's `{{name}}` is none. */
export function placeholdersOf(path: string): string[] {
  return [...new Set([...path.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/**
 * How many query rows and path parameters the form holds: a Web API call needs a handful, and each is a field of
 * its own, so a paste or an import of thousands would hold the tab up on every keystroke.
 */
export const FORM_LIMITS = { queryRows: 100, pathParameters: 20 } as const;

/** What of a request the form cannot hold (it has more rows or parameters than `FORM_LIMITS`), or null. */
export function beyondFormLimits(path: string, queryRows: number): string | null {
  if (queryRows > FORM_LIMITS.queryRows)
    return `more than ${FORM_LIMITS.queryRows} query parameters, the most the form holds`;
  if (placeholdersOf(path).length > FORM_LIMITS.pathParameters)
    return `more than ${FORM_LIMITS.pathParameters} path parameters, the most the form holds`;
  return null;
}

/** The path field's error when it names more parameters than the form holds (their fields are then not shown). */
export function pathBeyondLimits(path: string): string | undefined {
  const beyond = beyondFormLimits(path, 0);
  return beyond ? `The path has ${beyond}.` : undefined;
}

/** The path field as written, below `/api/`: trimmed, without leading slashes or an `api/` of its own. */
const belowApi = (path: string) =>
  path
    .trim()
    .replace(/^\/+/, '')
    .replace(/^api\//i, '');

/** A path parameter's value as the form holds it, trimmed ('' when it has none). */
const pathValue = (form: RequestForm, name: string) => (ownValue(form.pathValues, name) ?? '').trim();

/**
 * Where the form's request goes, from `/api/` on: placeholders filled (encoded), the query rows that have a name and
 * a value appended. A row left empty is left out, not sent as `name=`: the catalog lists an operation's optional
 * parameters as rows, and the Web API reads an absent one as not given.
 */
export function requestTarget(form: RequestForm): string {
  const filled = belowApi(form.path).replace(PLACEHOLDER, (_, name: string) =>
    encodeURIComponent(pathValue(form, name)),
  );
  const params = new URLSearchParams();
  for (const row of form.query)
    if (row.name.trim() !== '' && row.value !== '') params.append(row.name.trim(), row.value);
  const search = params.toString();
  return `/api/${filled}${search ? `?${search}` : ''}`;
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

/** What stops a body being sent with `method`: a body on a GET, or text that is not JSON (with where it breaks). */
export function bodyProblem(method: ApiMethod, body: string): string | undefined {
  if (body.trim() === '') return undefined;
  if (method === 'GET') return 'A GET request has no body: empty it or pick another method.';
  const check = checkJsonBody(body);
  return check.ok ? undefined : check.message;
}

/** A request ready for the api client: `path` from `/api/` on, query string included. */
export interface BuiltRequest {
  method: ApiMethod;
  path: string;
  bodyText?: string;
}

export interface FormErrors {
  path?: string;
  /** By placeholder name: read with `ownValue`. */
  pathValues?: Record<string, string>;
  /** By query row id (`String(row.id)`), its name's and its value's: read with `ownValue`. */
  query?: Record<string, { name?: string; value?: string }>;
  body?: string;
}

export type BuildResult = { ok: true; request: BuiltRequest } | { ok: false; errors: FormErrors };

const LEAVES_API = 'The path must stay under /api/: no "." or ".." segments.';

/**
 * The form as a request for the connection at `base` (its base URL, as the api client prefixes it), or what
 * stops it being sent: no path, a path that leaves `/api/` (as the browser will read it) or carries its own query,
 * an empty path parameter, a body that is not JSON (with where it breaks), a body on a GET.
 */
export function buildRequest(form: RequestForm, base: string): BuildResult {
  const errors: FormErrors = {};
  const path = belowApi(form.path);
  const segments = path.split('/');
  if (path === '') errors.path = 'Fill in the path.';
  else if (/[?#]/.test(path)) errors.path = 'Put query parameters in the rows below, not in the path.';
  else if (segments.some((s) => s === '.' || s === '..' || /^(%2e|\.){1,2}$/i.test(s)))
    errors.path = LEAVES_API;
  else if (/\s/.test(path)) errors.path = 'The path cannot contain spaces.';
  const beyond = pathBeyondLimits(path);
  if (beyond) return { ok: false, errors: { path: beyond } };
  const missing = placeholdersOf(path)
    .filter((name) => pathValue(form, name) === '')
    .map((name): [string, string] => [name, `Fill in ${name}.`]);
  if (missing.length > 0) errors.pathValues = Object.fromEntries(missing);
  const hasBody = form.body.trim() !== '';
  const body = bodyProblem(form.method, form.body);
  if (body) errors.body = body;
  if (errors.path || errors.pathValues || errors.body) return { ok: false, errors };
  const target = requestTarget(form);
  if (!staysUnderApi(base, target)) {
    return { ok: false, errors: { path: `${LEAVES_API} The browser reads "\\" as "/".` } };
  }
  return {
    ok: true,
    request: { method: form.method, path: target, ...(hasBody ? { bodyText: form.body } : {}) },
  };
}
