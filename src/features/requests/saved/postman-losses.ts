const asRecord = (v: unknown): Record<string, unknown> | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

const asList = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.map(asRecord).filter((r) => r !== null) : [];

/** How many headers or variables of one request are named; past that they are counted. */
export const NAMED_PER_REQUEST = 5;

/** `names` each once, the first `NAMED_PER_REQUEST` of them, then how many more; and how many there are. */
function listed(names: string[]): { text: string; count: number } {
  const unique = [...new Set(names)];
  const shown = unique.slice(0, NAMED_PER_REQUEST).join(', ');
  const more = unique.length > NAMED_PER_REQUEST ? ` and ${unique.length - NAMED_PER_REQUEST} more` : '';
  return { text: `${shown}${more}`, count: unique.length };
}

const BODY_MODES: Record<string, string> = {
  formdata: 'its form-data body',
  urlencoded: 'its urlencoded form body',
  file: 'its file body',
  graphql: 'its GraphQL body',
};

/** The headers the console sends itself, when they say what it says: nothing is lost without them. */
function sentAnyway(key: string, value: string): boolean {
  if (/^(content-type|accept)$/i.test(key)) return /^(application|text)\/json\b|^\*\/\*$/i.test(value.trim());
  return false;
}

/**
 * An `auth` that the session's token stands in for without loss: none, inherited, or a bearer of `{{token}}`, as
 * the console's own export writes one.
 */
function authKept(auth: Record<string, unknown> | null): boolean {
  if (!auth || auth.type === 'noauth' || auth.type === 'inherit') return true;
  if (auth.type !== 'bearer') return false;
  const token = asList(auth.bearer).find((entry) => entry.key === 'token');
  return token?.value === '{{token}}';
}

/**
 * What of an item (a collection, a folder, a request) is not brought over that belongs to any of them: an auth the
 * session's token replaces, and its scripts, which the console does not run.
 */
export function authAndScriptsLost(it: Record<string, unknown>, request: Record<string, unknown> | null) {
  const lost: string[] = [];
  const auth = asRecord(request?.auth) ?? asRecord(it.auth);
  if (!authKept(auth)) lost.push(`its auth (${typeof auth?.type === 'string' ? auth.type : 'unknown'})`);
  for (const event of asList(it.event)) {
    const script = asRecord(event.script);
    const exec = script?.exec;
    const code = Array.isArray(exec) ? exec.join('') : typeof exec === 'string' ? exec : '';
    if (code.trim() === '' || event.disabled === true) continue;
    lost.push(event.listen === 'prerequest' ? 'its pre-request script' : 'its test script');
  }
  return lost;
}

/** Postman variables a text uses, other than the base URL. */
function variablesIn(text: string): string[] {
  return [...text.matchAll(/\{\{([^{}]{1,100})\}\}/g)]
    .map((m) => m[1]!.trim())
    .filter((name) => name !== 'baseUrl');
}

/**
 * What of a request the console does not bring over, each named: headers other than a JSON Content-Type or
 * Accept, a body that is not raw text, disabled query parameters, and the values of the Postman variables its
 * `texts` (path, query values, body) use that the import does not define (`defined`: the collection's or the
 * environment's). Its auth and scripts are `authAndScriptsLost`'s.
 */
export function requestLost(
  request: Record<string, unknown>,
  texts: string[],
  defined: ReadonlySet<string>,
): string[] {
  const lost: string[] = [];
  const headers = asList(request.header).filter(
    (h) =>
      h.disabled !== true &&
      typeof h.key === 'string' &&
      !sentAnyway(h.key, typeof h.value === 'string' ? h.value : ''),
  );
  if (headers.length > 0) {
    const { text, count } = listed(headers.map((h) => String(h.key)));
    lost.push(`the header${count === 1 ? '' : 's'} ${text}`);
  }
  const bodyRecord = asRecord(request.body);
  const mode = typeof bodyRecord?.mode === 'string' ? bodyRecord.mode : 'raw';
  if (bodyRecord && bodyRecord.disabled !== true && Object.hasOwn(BODY_MODES, mode))
    lost.push(BODY_MODES[mode]!);
  const url = asRecord(request.url);
  const disabled = asList(url?.query).filter((q) => q.disabled === true).length;
  if (disabled > 0) lost.push(`${disabled} disabled query parameter${disabled === 1 ? '' : 's'}`);
  const variables = texts.flatMap(variablesIn).filter((name) => !defined.has(name));
  if (variables.length > 0) {
    const { text, count } = listed(variables.map((v) => `{{${v}}}`));
    lost.push(
      `the value${count === 1 ? '' : 's'} of ${text} (not in the file: add ${count === 1 ? 'it' : 'them'} under Variables)`,
    );
  }
  return lost;
}
