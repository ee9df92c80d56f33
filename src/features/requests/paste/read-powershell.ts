import { keepJsonBody, readHeader, TOKEN_USED, type CommandRead } from './command-read';
import {
  MAX_NESTING,
  parsePowerShell,
  SWITCHES,
  variableOf,
  type Argument,
  type Cmdlet,
  type Statement,
  type Value,
} from './parse-powershell';

/** The method is as written with `-Method` or `-CustomMethod`, or GET, PowerShell's own choice. */
export interface PowerShellRead extends CommandRead {
  /** The cmdlet called, by its full name (`irm` is Invoke-RestMethod). */
  cmdlet: Cmdlet;
}

export type PowerShellResult = ({ ok: true } & PowerShellRead) | { ok: false; message: string };

/** Whether a text calls Invoke-RestMethod or Invoke-WebRequest (or `irm`, `iwr`) as a command. */
export function callsInvoke(text: string): boolean {
  return /(^|[\s;=(|{])(invoke-restmethod|invoke-webrequest|irm|iwr)(?=[\s;)|}`]|$)/i.test(text);
}

/** What each parameter the reader knows does to the request, by its name. */
const PARAMETERS: Record<string, 'request' | 'credentials' | 'cookies' | 'file' | 'form' | 'none'> = {
  Uri: 'request',
  Method: 'request',
  CustomMethod: 'request',
  Headers: 'request',
  ContentType: 'request',
  Body: 'request',
  Credential: 'credentials',
  Authentication: 'credentials',
  Token: 'credentials',
  UseDefaultCredentials: 'credentials',
  WebSession: 'cookies',
  SessionVariable: 'cookies',
  InFile: 'file',
  Form: 'form',
  ...Object.fromEntries(
    [
      'UseBasicParsing',
      'TimeoutSec',
      'ConnectionTimeoutSeconds',
      'OperationTimeoutSeconds',
      'OutFile',
      'MaximumRedirection',
      'SkipCertificateCheck',
      'UserAgent',
      'PassThru',
      'DisableKeepAlive',
      'StatusCodeVariable',
      'ResponseHeadersVariable',
      'SkipHttpErrorCheck',
      'MaximumRetryCount',
      'RetryIntervalSec',
      'HttpVersion',
      'Proxy',
      'ProxyCredential',
      'Certificate',
      'CertificateThumbprint',
      'ProxyUseDefaultCredentials',
      'NoProxy',
      'TransferEncoding',
      'SslProtocol',
      'AllowUnencryptedAuthentication',
      'PreserveAuthorizationOnRedirect',
      'SkipHeaderValidation',
      'AllowInsecureRedirect',
      'FollowRelLink',
      'MaximumFollowRelLink',
      'Resume',
      'ErrorAction',
      'ErrorVariable',
      'WarningAction',
      'WarningVariable',
      'InformationAction',
      'InformationVariable',
      'OutVariable',
      'OutBuffer',
      'PipelineVariable',
      'Verbose',
      'Debug',
    ].map((name) => [name, 'none' as const]),
  ),
};

/** The common parameters' aliases. */
const ALIASES: Record<string, string> = {
  ea: 'ErrorAction',
  ev: 'ErrorVariable',
  wa: 'WarningAction',
  wv: 'WarningVariable',
  infa: 'InformationAction',
  iv: 'InformationVariable',
  ov: 'OutVariable',
  ob: 'OutBuffer',
  pv: 'PipelineVariable',
  vb: 'Verbose',
  db: 'Debug',
};

const NAMES = Object.keys(PARAMETERS);

/** A parameter as PowerShell finds it: by its name or alias in any case, or by the start of only one name. */
function parameterNamed(written: string): string | null {
  const lower = written.toLowerCase();
  const alias = Object.hasOwn(ALIASES, lower) ? ALIASES[lower]! : undefined;
  if (alias) return alias;
  const exact = NAMES.find((name) => name.toLowerCase() === lower);
  if (exact) return exact;
  const started = NAMES.filter((name) => name.toLowerCase().startsWith(lower));
  return started.length === 1 ? started[0]! : null;
}

export const NOT_A_CALL =
  'That is neither a curl command nor a PowerShell call of Invoke-RestMethod or Invoke-WebRequest.';

const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/** What a request needs of the script, and what it finds there: the variables set before the call. */
class Reader {
  readonly read: PowerShellRead;
  private readonly assigned = new Map<string, Value>();
  /** The variables the call reads, by their names in lower case. */
  readonly used = new Set<string>();

  constructor(
    cmdlet: Cmdlet,
    private readonly variablesIn: (word: number) => readonly string[],
  ) {
    this.read = { cmdlet, method: '', url: '', getData: null, body: null, notes: [], unread: [] };
  }

  assign(name: string, value: Value) {
    // Looked up as it is now: a later assignment to a variable it reads does not change it.
    this.assigned.set(name, this.resolve(value));
  }

  /** The value a variable holds where the call reads it, or the variable when the script does not set it. */
  resolve(value: Value): Value {
    if (value.kind !== 'variable') return value;
    const name = variableOf(value.name) ?? value.name.toLowerCase();
    this.used.add(name);
    return this.assigned.get(name) ?? value;
  }

  private unreadVariable(name: string) {
    this.read.unread.push(`${name} (a PowerShell variable: put in its value)`);
  }

  /**
   * A value as text, or null (what it is, named as `what`). With `named`, the variables a string expands are
   * named: their values are not in the text.
   */
  text(value: Value, what: string, named: boolean): string | null {
    const v = this.resolve(value);
    if (v.kind === 'text') {
      if (named) for (const name of new Set(this.variablesIn(v.word))) this.unreadVariable(name);
      return v.text;
    }
    if (v.kind === 'constant') return v.value === null ? '' : v.value ? 'True' : 'False';
    if (v.kind === 'bytes') return this.text(v.of, what, named);
    if (v.kind === 'json') return this.json(v, what);
    if (v.kind === 'variable') this.unreadVariable(v.name);
    else if (v.kind === 'other') this.read.unread.push(`${what} ${v.what}`);
    else this.read.unread.push(`${what} (${v.kind === 'call' ? 'another call' : `a ${v.kind}`})`);
    return null;
  }

  /** What ConvertTo-Json writes, where it is sure: literal values, nested no deeper than its `-Depth`. */
  private json(value: Extract<Value, { kind: 'json' }>, what: string): string | null {
    const depth = Math.min(value.depth ?? 2, MAX_NESTING);
    const problem = { text: '' };
    const write = (v: Value, level: number): string | null => {
      const r = this.resolve(v);
      if (r.kind === 'hashtable' || r.kind === 'array') {
        // ConvertTo-Json writes deeper values as their type's name: only what lies within its depth is read.
        if (level >= depth) {
          problem.text = `it nests deeper than ConvertTo-Json writes at -Depth ${depth}`;
          return null;
        }
        const parts: string[] = [];
        for (const item of r.kind === 'array' ? r.items : r.entries) {
          const [key, inner] = Array.isArray(item) ? item : [null, item];
          const written = write(inner, level + 1);
          if (written === null) return null;
          parts.push(key === null ? written : `${JSON.stringify(key)}:${written}`);
        }
        return r.kind === 'array' ? `[${parts.join(',')}]` : `{${parts.join(',')}}`;
      }
      if (r.kind === 'constant') return JSON.stringify(r.value);
      if (r.kind === 'text' && !r.bare && this.variablesIn(r.word).length === 0)
        return JSON.stringify(r.text);
      if (r.kind === 'text' && r.bare && JSON_NUMBER.test(r.text)) return r.text;
      if (r.kind === 'text' && !r.bare) {
        for (const name of new Set(this.variablesIn(r.word))) this.unreadVariable(name);
        problem.text = 'a string in it expands a variable';
      } else if (r.kind === 'variable') {
        this.unreadVariable(r.name);
        problem.text = `it holds ${r.name}`;
      } else problem.text = 'a value in it is not a literal';
      return null;
    };
    const json = write(value.of, 0);
    if (json === null) this.read.unread.push(`${what} (ConvertTo-Json: ${problem.text})`);
    return json;
  }

  /** The headers of `-Headers`, each named or left out as curl's would be; answers the Content-Type given. */
  headers(value: Value): string | null {
    const v = this.resolve(value);
    if (v.kind !== 'hashtable') {
      if (v.kind === 'variable')
        this.read.unread.push(`-Headers ${v.name} (a PowerShell variable: put in its value)`);
      else this.read.unread.push(`-Headers ${v.kind === 'other' ? v.what : `(a ${v.kind})`}`);
      return null;
    }
    let contentType: string | null = null;
    for (const [name, header] of v.entries) {
      // Its value is never read: it is the token the session's replaces.
      if (/^authorization$/i.test(name)) readHeader(this.read, name, '');
      else
        contentType =
          readHeader(this.read, name, this.text(header, `the header ${name}`, false) ?? '') ?? contentType;
    }
    return contentType;
  }

  /** A hashtable body of a GET, which PowerShell sends as the query string. */
  query(value: Extract<Value, { kind: 'hashtable' }>): string {
    const params = new URLSearchParams();
    for (const [name, entry] of value.entries) {
      const text = this.text(entry, `the query parameter ${name}`, true);
      if (text !== null) params.append(name, text);
    }
    return params.toString();
  }
}

/** The call's one statement, or why there is not exactly one. */
function theCall(statements: Statement[]): { at: number } | { message: string } {
  const calls = statements.flatMap((s, at) => (s.kind === 'call' ? [at] : []));
  if (calls.length === 0) return { message: NOT_A_CALL };
  if (calls.length > 1) return { message: `The script makes ${calls.length} calls: paste one.` };
  return { at: calls[0]! };
}

/**
 * A PowerShell `Invoke-RestMethod` or `Invoke-WebRequest` read as PowerShell would run it (5.1 and 7), with the
 * lines before it that set its variables (hashtables, strings, here-strings, `ConvertTo-Json` of literal values,
 * `[System.Text.Encoding]::UTF8.GetBytes`): method, URL, the body and the headers that matter. The session's
 * token replaces any credentials; anything else it carries that the console does not send is named, and anything
 * it cannot read is listed, never guessed.
 */
export function readPowerShell(text: string): PowerShellResult {
  const parsed = parsePowerShell(text);
  if (!parsed.ok) return parsed;
  const { statements } = parsed;
  const found = theCall(statements);
  if ('message' in found) return { ok: false, message: found.message };
  const call = (statements[found.at] as Extract<Statement, { kind: 'call' }>).call;
  const reader = new Reader(call.cmdlet, parsed.variablesIn);
  const { read } = reader;
  for (const statement of statements.slice(0, found.at))
    if (statement.kind === 'assign') reader.assign(statement.name, statement.value);

  const given = new Map<string, Value | null>();
  const positional: Value[] = [];
  const session = new Set<string>();
  for (const arg of call.args) readArgument(arg, reader, given, positional, session);
  const uri = given.get('Uri') ?? positional.shift();
  for (const extra of positional) read.unread.push(`the argument ${describe(reader.resolve(extra))}`);
  if (!uri) return { ok: false, message: 'The command names no URL (-Uri).' };
  const whole = reader.resolve(uri);
  if (whole.kind === 'variable')
    return {
      ok: false,
      message: `The URL is in ${whole.name}, which the paste does not set: put in its value.`,
    };
  const url = reader.text(uri, '-Uri', true);
  if (url === null) return { ok: false, message: 'The URL (-Uri) cannot be read: put it in as text.' };
  read.url = url;

  const method = given.get('CustomMethod') ?? given.get('Method');
  read.method = (method ? reader.text(method, '-Method', true) : null)?.toUpperCase() ?? 'GET';
  if (read.method === 'DEFAULT') read.method = 'GET';
  const headers = given.get('Headers');
  const headerType = headers ? reader.headers(headers) : null;
  const typeGiven = given.get('ContentType');
  const contentType = typeGiven ? reader.text(typeGiven, '-ContentType', false) : headerType;

  const body = given.get('Body');
  const bodyValue = body ? reader.resolve(body) : null;
  if (bodyValue?.kind === 'hashtable') {
    if (read.method === 'GET') read.getData = reader.query(bodyValue);
    else read.unread.push('the body: a hashtable, which PowerShell sends as form data');
  } else if (body) {
    const bodyText = reader.text(body, '-Body', true);
    if (read.method === 'GET' && bodyText !== null)
      read.unread.push('the body (the form sends none with GET)');
    else read.body = bodyText;
  }
  keepJsonBody(read, contentType, 'PowerShell');
  noteTheRest(statements, found.at, reader, session, call.after);
  return { ok: true, ...read };
}

function readArgument(
  arg: Argument,
  reader: Reader,
  given: Map<string, Value | null>,
  positional: Value[],
  session: Set<string>,
) {
  const { read } = reader;
  if (arg.name === null) {
    if (arg.value) positional.push(arg.value);
    return;
  }
  const name = parameterNamed(arg.name);
  const kind = name ? PARAMETERS[name] : undefined;
  if (!name || !kind) {
    read.unread.push(`-${arg.name}`);
    return;
  }
  // A proxy's credential or a certificate is named, never shown.
  const secret = /credential|certificate/i.test(name);
  const shown = arg.value && !secret ? ` ${describe(reader.resolve(arg.value))}` : '';
  if (kind === 'request') given.set(name, arg.value);
  else if (kind === 'credentials')
    read.notes.push(`-${name} and its credentials were left out: ${TOKEN_USED}.`);
  else if (kind === 'cookies') {
    read.notes.push(`-${name} was left out: the console sends no cookies to the API.`);
    const variable = arg.value?.kind === 'variable' ? variableOf(arg.value.name) : null;
    if (variable) session.add(variable);
    if (arg.value?.kind === 'text') session.add(`$${arg.value.text.toLowerCase()}`);
  } else if (kind === 'file') read.unread.push(`-${name}${shown} (the body is in a file)`);
  else if (kind === 'form') read.unread.push(`-${name} (a form: the console sends JSON bodies only)`);
  else if (!SWITCHES.has(name.toLowerCase()))
    read.notes.push(`-${name}${shown} was left out: it does not change the request.`);
}

/** A value for a note: a text as it is, anything else by its kind (never a variable's value: it may be secret). */
function describe(value: Value): string {
  if (value.kind === 'text') return value.text;
  if (value.kind === 'variable') return value.name;
  if (value.kind === 'other') return value.what;
  if (value.kind === 'constant') return `$${String(value.value)}`;
  return `(a ${value.kind})`;
}

/** The lines around the call that it does not read, named: before it (when they change what it sends) and after. */
function noteTheRest(
  statements: Statement[],
  at: number,
  reader: Reader,
  session: Set<string>,
  after: string | null,
) {
  const { read } = reader;
  for (const statement of statements.slice(0, at)) {
    if (statement.kind !== 'other') continue;
    // Cookies and the user agent of a web session: its note says they were left out.
    if (statement.target !== null && session.has(statement.target)) continue;
    if (statement.target !== null && !reader.used.has(statement.target)) continue;
    read.unread.push(
      statement.target === null
        ? `the line ${statement.what}`
        : `the line ${statement.what} (it changes ${statement.target})`,
    );
  }
  if (after !== null)
    read.notes.push(
      `What the script does with the answer (| ${after}) was left out: it does not change the request.`,
    );
  if (statements.length > at + 1)
    read.notes.push('The lines after the call were left out: they do not change the request.');
}
