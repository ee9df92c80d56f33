import { isJsonText } from './json-text';
import { maskBody } from './mask-body';

/** A request as it would be sent: an absolute URL, its headers (without the bearer) and its JSON body text. */
export interface CopyableRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** The label of the connection it goes to, named on a first comment line. */
  connection?: string;
}

export interface CopyOptions {
  /** The session's token to put in the command, or null to read it from `TOKEN_VARIABLE` (what the screen shows). */
  token: string | null;
}

/** The environment variable a copy without the token reads it from, so that it runs as it comes. */
export const TOKEN_VARIABLE = 'TDX_TOKEN';

/** Single-quoted for a POSIX shell: every character is literal inside '…' except the quote itself. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * The first comment lines: the connection's name (one line, whatever it holds, so that nothing after it is code),
 * and, when the token is read from the environment, where it is read from and how to set it there.
 */
function comment(marker: string, request: CopyableRequest, token: string | null, setting: string): string[] {
  const lines =
    request.connection === undefined
      ? []
      : [`${marker} Connection: ${request.connection.replace(/[\p{Cc}\u2028\u2029]/gu, ' ')}`];
  if (token === null)
    lines.push(
      `${marker} The token is read from the environment variable ${TOKEN_VARIABLE}: ${setting} (the console's Token screen copies it).`,
    );
  return lines;
}

/** The request's own headers, the Authorization header aside (the copy writes its own), and a JSON body's type. */
function headerList(request: CopyableRequest): [string, string][] {
  const list = Object.entries(request.headers ?? {}).filter(
    ([name]) => name.toLowerCase() !== 'authorization',
  );
  const hasType = list.some(([name]) => name.toLowerCase() === 'content-type');
  if (request.body !== undefined && !hasType) list.push(['Content-Type', 'application/json']);
  return list;
}

export function curlCommand(request: CopyableRequest, { token }: CopyOptions): string {
  const method = request.method.toUpperCase();
  const parts = ['curl'];
  if (method !== 'GET') parts.push(`-X ${/^[A-Z]+$/.test(method) ? method : shellQuote(method)}`);
  // In double quotes, so that the shell puts the variable's value in.
  parts.push(
    `-H ${token === null ? `"Authorization: Bearer $${TOKEN_VARIABLE}"` : shellQuote(`Authorization: Bearer ${token}`)}`,
  );
  for (const [name, value] of headerList(request)) parts.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (request.body !== undefined) parts.push(`--data-raw ${shellQuote(maskBody(request.body).text)}`);
  parts.push(shellQuote(request.url));
  const setting = `export ${TOKEN_VARIABLE}='…' first`;
  return [...comment('#', request, token, setting), parts.join(' \\\n  ')].join('\n');
}

/** For Node.js (18 or later), where fetch is global: the token from `process.env`. */
export function fetchSnippet(request: CopyableRequest, { token }: CopyOptions): string {
  const q = (text: string) => JSON.stringify(text);
  const authorization =
    token === null ? `\`Bearer \${process.env.${TOKEN_VARIABLE}}\`` : q(`Bearer ${token}`);
  const headers = [
    `    "Authorization": ${authorization},`,
    ...headerList(request).map(([name, value]) => `    ${q(name)}: ${q(value)},`),
  ];
  const setting = `run it with Node.js, ${TOKEN_VARIABLE} set`;
  const lines = [
    ...comment('//', request, token, setting),
    `fetch(${q(request.url)}, {`,
    `  method: ${q(request.method.toUpperCase())},`,
    '  headers: {',
    ...headers,
    '  },',
  ];
  if (request.body !== undefined) lines.push(`  body: ${q(maskBody(request.body).text)},`);
  lines.push('});');
  return lines.join('\n');
}

/**
 * Single-quoted for PowerShell (5.1 and 7): only a quote needs escaping, by doubling, and PowerShell takes the
 * typographic quotes ‘ ’ ‚ ‛ for quotes too, so those are doubled as well; `$`, backticks and newlines are literal.
 */
export function powershellQuote(text: string): string {
  return `'${text.replace(/['\u2018\u2019\u201A\u201B]/g, (quote) => quote + quote)}'`;
}

const PS_HERE_STRING_END = /\n['\u2018\u2019\u201A\u201B]@/;

function powershellMethod(method: string): string {
  return /^[A-Z]+$/.test(method) ? method[0] + method.slice(1).toLowerCase() : powershellQuote(method);
}

/**
 * `Invoke-RestMethod` for PowerShell 5.1 and 7: the body as a literal here-string, sent as UTF-8 bytes because 5.1
 * encodes a string body as ISO-8859-1.
 */
export function powershellCommand(request: CopyableRequest, { token }: CopyOptions): string {
  const headers = headerList(request);
  const type = headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  const setting = `$env:${TOKEN_VARIABLE} = '…' first`;
  const lines = [...comment('#', request, token, setting), '$headers = @{'];
  // In double quotes, so that PowerShell puts the variable's value in.
  lines.push(
    `  'Authorization' = ${token === null ? `"Bearer $env:${TOKEN_VARIABLE}"` : powershellQuote(`Bearer ${token}`)}`,
  );
  for (const [name, value] of headers)
    if (name.toLowerCase() !== 'content-type')
      lines.push(`  ${powershellQuote(name)} = ${powershellQuote(value)}`);
  lines.push('}');
  const call = [
    'Invoke-RestMethod',
    `-Method ${powershellMethod(request.method.toUpperCase())}`,
    `-Uri ${powershellQuote(request.url)}`,
    '-Headers $headers',
  ];
  if (request.body !== undefined) {
    const body = maskBody(request.body).text;
    lines.push(
      PS_HERE_STRING_END.test(`\n${body}`) ? `$body = ${powershellQuote(body)}` : `$body = @'\n${body}\n'@`,
    );
    call.push(`-ContentType ${powershellQuote(`${type ?? 'application/json'}; charset=utf-8`)}`);
    call.push('-Body ([System.Text.Encoding]::UTF8.GetBytes($body))');
  }
  lines.push(call.join(' `\n  '));
  return lines.join('\n');
}

/** A JSON text as a Python literal, token by token so that numbers keep their digits and strings their escapes. */
export function pythonLiteral(json: string): string {
  return json.replace(/"(?:[^"\\]|\\.)*"|\btrue\b|\bfalse\b|\bnull\b/g, (token) => {
    if (token === 'true') return 'True';
    if (token === 'false') return 'False';
    if (token === 'null') return 'None';
    return token.replaceAll('\\/', '/');
  });
}

/** Python `requests`: the JSON body as a dict literal given to `json=`, which sends it as `application/json`. */
export function pythonSnippet(request: CopyableRequest, { token }: CopyOptions): string {
  const q = (text: string) => JSON.stringify(text);
  const body = request.body === undefined ? undefined : maskBody(request.body).text;
  const asJson = body !== undefined && isJsonText(body);
  const headers = headerList(request).filter(([name]) => !(asJson && name.toLowerCase() === 'content-type'));
  const authorization =
    token === null ? `"Bearer " + os.environ[${q(TOKEN_VARIABLE)}]` : q(`Bearer ${token}`);
  const setting = `set it before running this`;
  const lines = [
    ...comment('#', request, token, setting),
    ...(token === null ? ['import os', ''] : []),
    'import requests',
    '',
    'response = requests.request(',
    `    ${q(request.method.toUpperCase())},`,
    `    ${q(request.url)},`,
    '    headers={',
    `        "Authorization": ${authorization},`,
    ...headers.map(([name, value]) => `        ${q(name)}: ${q(value)},`),
    '    },',
  ];
  if (body !== undefined)
    lines.push(asJson ? `    json=${pythonLiteral(body)},` : `    data=${q(body)}.encode(),`);
  lines.push('    timeout=60,', ')', 'print(response.status_code)', 'print(response.text)');
  return lines.join('\n');
}
