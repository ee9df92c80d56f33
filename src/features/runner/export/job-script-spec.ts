import { maskBody } from '@/lib/mask-body';
import { FORMULA_START } from '@/lib/spreadsheet-formula';
import { isSecretName, MASKED_SECRET } from '@contract/secret-fields';
import { isApiMethod, type ApiMethod } from '@contract/web-api/methods';

/** How an exported job signs in: a user's name and password (`/api/auth`), or the admin key (`/api/auth/loginadmin`). */
type JobSignIn = 'password' | 'admin-key';

/** A bulk job as the runner holds it, for a script to run it without the console. */
export interface JobScriptSpec {
  /** The tenant's Web API base, e.g. `https://acme.teamdynamix.com/TDWebApi` (its sandbox's, for a sandbox). */
  baseUrl: string;
  signIn: JobSignIn;
  method: ApiMethod;
  /** Below the base, from `/api/`; `{{column}}` where a row's value goes, URL-encoded. */
  path: string;
  /** The query's parameters in order; `{{column}}` in a value where a row's value goes. Each is URL-encoded. */
  query: readonly { name: string; value: string }[];
  /** The JSON body with `{{column}}` where a row's value goes, JSON-escaped (as in a string); null: no body. */
  body: string | null;
  /** The CSV's column names, in its order: each row's values go to the results in this order. */
  columns: readonly string[];
  /** The answer's members written beside each row (`ID`, `Title`, …). */
  answerFields: readonly string[];
  /** The connection's name, for the first comment line. */
  connection?: string;
}

/** A spec that cannot become a script, and why, in words for the screen. */
export class JobScriptError extends Error {}

/** What both scripts are made of: the spec checked, its secrets masked, and what the scripts compute from it. */
export interface PreparedJob {
  base: string;
  signIn: JobSignIn;
  method: ApiMethod;
  path: string;
  query: { name: string; value: string }[];
  body: string | null;
  columns: readonly string[];
  /** The columns that the path, query and body use, longest first: the order the scripts match them in. */
  referenced: string[];
  answerFields: readonly string[];
  /** Columns and answer fields whose values the results show masked (the console's one secret rule). */
  secretNames: string[];
  /** One line, for a comment: the connection's name with no line break or other control character in it. */
  connection: string | null;
  /** The source of the one rule for cells a spreadsheet would run as formulas. */
  formulaStart: string;
  mask: string;
  /** Seconds added to a rate window's reset before the next call, as the vendor advises. */
  marginSeconds: number;
  /** Seconds waited on a 429 that says neither Retry-After nor X-RateLimit-Reset. */
  fallbackWaitSeconds: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const longestFirst = (columns: readonly string[]) => [...columns].sort((a, b) => b.length - a.length);

/** Every `{{column}}` reference, matched as the scripts match them: longest name first, in one pass, left to right. */
function referencePattern(columns: readonly string[]): RegExp | null {
  if (columns.length === 0) return null;
  return new RegExp(
    longestFirst(columns)
      .map((c) => escapeRegExp(`{{${c}}}`))
      .join('|'),
    'g',
  );
}

/**
 * The columns the templates use, longest first; every `{{` must open a column's reference, so that nothing
 * unresolved is ever sent.
 */
function referencedColumns(
  templates: string[],
  pattern: RegExp | null,
  columns: readonly string[],
): string[] {
  const used = new Set<string>();
  for (const template of templates) {
    const rest =
      pattern === null
        ? template
        : template.replace(pattern, (reference) => {
            used.add(reference.slice(2, -2));
            return '\0';
          });
    const at = rest.indexOf('{{');
    if (at >= 0) {
      const end = rest.indexOf('}}', at);
      const reference = rest.slice(at, end < 0 ? at + 40 : end + 2);
      throw new JobScriptError(`${reference} is not a column of the CSV: every {{…}} must name one.`);
    }
  }
  return longestFirst(columns).filter((column) => used.has(column));
}

function checkedBase(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new JobScriptError(`The base URL ${JSON.stringify(baseUrl)} is not a URL.`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash || url.username)
    throw new JobScriptError('The base URL must be http(s), with no query, fragment or user name.');
  return url.href.replace(/\/+$/, '');
}

/** Checks a spec and masks what a script must not hold: a literal secret in the query or the body. */
export function prepareJob(spec: JobScriptSpec): PreparedJob {
  if (!isApiMethod(spec.method)) throw new JobScriptError(`${String(spec.method)} is not a Web API method.`);
  const pattern = referencePattern(spec.columns);
  if (!spec.path.startsWith('/') || /[?#]/.test(pattern ? spec.path.replace(pattern, '') : spec.path))
    throw new JobScriptError('The path starts with / and holds no query: the query has its own list.');
  if (new Set(spec.columns).size !== spec.columns.length || spec.columns.includes(''))
    throw new JobScriptError('Each column of the CSV needs a name of its own.');
  const isReference = (value: unknown) =>
    typeof value === 'string' && spec.columns.some((column) => value === `{{${column}}}`);
  const query = spec.query.map(({ name, value }) => ({
    name,
    value: isSecretName(name) && value !== '' && !isReference(value) ? MASKED_SECRET : value,
  }));
  let body = spec.body;
  if (body !== null) {
    const masked = maskBody(body, 2, isReference);
    if (masked.masked && masked.text === MASKED_SECRET)
      throw new JobScriptError('The body names a secret but is not JSON, so its secret cannot be left out.');
    body = masked.text;
  }
  if (query.some(({ name }) => name.includes('{{')))
    throw new JobScriptError(
      'A query parameter’s name is written as it is: only its value may use {{column}}.',
    );
  const templates = [spec.path, ...query.map(({ value }) => value), body ?? ''];
  return {
    base: checkedBase(spec.baseUrl),
    signIn: spec.signIn,
    method: spec.method,
    path: spec.path,
    query,
    body,
    columns: spec.columns,
    referenced: referencedColumns(templates, pattern, spec.columns),
    answerFields: spec.answerFields,
    secretNames: [...new Set([...spec.columns, ...spec.answerFields].filter(isSecretName))],
    connection: spec.connection === undefined ? null : spec.connection.replace(/[\p{Cc}\u2028\u2029]/gu, ' '),
    formulaStart: FORMULA_START.source,
    mask: MASKED_SECRET,
    marginSeconds: 5,
    fallbackWaitSeconds: 60,
  };
}
