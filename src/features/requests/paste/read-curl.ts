import { keepJsonBody, readHeader, TOKEN_USED, type CommandRead } from './command-read';
import { dialectOf, splitCommandLine, type Dialect } from './split-command-line';

/** The method is as written with `-X`, or what curl would pick (POST with data, GET otherwise); `getData` is `-G`'s. */
export interface CurlRead extends CommandRead {
  dialect: Dialect;
}

export type CurlResult = ({ ok: true } & CurlRead) | { ok: false; message: string };

const FLAGS = new Set([
  '-s',
  '--silent',
  '-S',
  '--show-error',
  '-L',
  '--location',
  '-k',
  '--insecure',
  '-v',
  '--verbose',
  '-i',
  '--include',
  '-f',
  '--fail',
  '--fail-with-body',
  '--compressed',
  '-g',
  '--globoff',
  '-#',
  '--progress-bar',
  '--http1.1',
  '--http2',
]);
/** Options that take a value and do not change the request the console would send. */
const IGNORED = new Set([
  '-o',
  '--output',
  '-m',
  '--max-time',
  '--connect-timeout',
  '-A',
  '--user-agent',
  '-e',
  '--referer',
  '-w',
  '--write-out',
  '--retry',
  '--cacert',
  '--proxy',
  '-x',
]);
const DATA = new Set(['-d', '--data', '--data-raw', '--data-binary', '--data-ascii', '--json']);
/** Short options whose value may follow without a space, as in `-XPOST`. */
const ATTACHED = /^-([XHdbuoxmAew])(.+)$/;

const URL_ENCODED = '--data-urlencode';

export const NOT_CURL = 'That is not a curl command: it should start with curl.';

/** One piece of data: its text, or the file curl would read it from. */
type DataPart = { data: string } | { file: string };

/** `-d @file` reads a file (`--data-raw` never does). */
function dataPart(option: string, given: string): DataPart {
  return given.startsWith('@') && option !== '--data-raw' ? { file: given.slice(1) } : { data: given };
}

/**
 * `--data-urlencode` as curl reads it: `content` and `=content` send the content encoded, `name=content` the name
 * as it is and the content encoded, `@file` and `name@file` a file's content; whichever of `=` and `@` comes first
 * decides.
 */
function urlEncodedPart(given: string): DataPart {
  const at = given.search(/[=@]/);
  if (at >= 0 && given[at] === '@') return { file: given.slice(at + 1) };
  if (at < 0) return { data: encodeURIComponent(given) };
  const name = given.slice(0, at);
  const content = encodeURIComponent(given.slice(at + 1));
  return { data: name === '' ? content : `${name}=${content}` };
}

/**
 * A curl command line read as curl would read it (bash, cmd or PowerShell quoting): method, URL, the body and
 * the headers that matter. The session's token replaces any credentials in it; anything else it carries that the
 * console does not send is named, and anything it cannot read is listed, never guessed.
 */
export function readCurl(text: string): CurlResult {
  const dialect = dialectOf(text);
  const split = splitCommandLine(text.trim(), dialect);
  if (!split.ok) return split;
  const [command, ...args] = split.words;
  if (!command || !/^curl(\.exe)?$/i.test(command)) {
    return { ok: false, message: NOT_CURL };
  }
  const read: CurlRead = { dialect, method: '', url: '', getData: null, body: null, notes: [], unread: [] };
  const urls: string[] = [];
  const data: string[] = [];
  /** Where the URL and the data came from (indices in `args`): a shell variable there is one the request needs. */
  const urlArgs = new Set<number>();
  const dataArgs = new Set<number>();
  /** Data curl would read from files, which the paste does not have. */
  const files: { option: string; file: string }[] = [];
  let get = false;
  let json = false;
  let contentType: string | null = null;

  for (let i = 0; i < args.length; i++) {
    let arg = args[i]!;
    let value: string | undefined;
    const attached = ATTACHED.exec(arg);
    if (attached && !FLAGS.has(arg)) {
      arg = `-${attached[1]!}`;
      value = attached[2];
    } else if (/^--[^=]+=/.test(arg)) {
      value = arg.slice(arg.indexOf('=') + 1);
      arg = arg.slice(0, arg.indexOf('='));
    }
    const takeValue = () => value ?? args[++i];
    if (!arg.startsWith('-') || arg === '-') {
      urls.push(arg);
      urlArgs.add(i);
    } else if (arg === '--url') {
      const url = takeValue();
      if (url !== undefined) urls.push(url);
      urlArgs.add(i);
    } else if (FLAGS.has(arg) || (/^-[sSLkvifg]+$/.test(arg) && arg.length > 2)) {
      continue;
    } else if (arg === '-G' || arg === '--get') {
      get = true;
    } else if (arg === '-X' || arg === '--request') {
      read.method = (takeValue() ?? '').toUpperCase();
    } else if (arg === '-H' || arg === '--header') {
      const header = takeValue() ?? '';
      const colon = header.indexOf(':');
      const name = colon < 0 ? header.trim() : header.slice(0, colon).trim();
      contentType = readHeader(read, name, colon < 0 ? '' : header.slice(colon + 1).trim()) ?? contentType;
    } else if (DATA.has(arg) || arg === URL_ENCODED) {
      const given = takeValue() ?? '';
      if (arg === '--json') json = true;
      const part = arg === URL_ENCODED ? urlEncodedPart(given) : dataPart(arg, given);
      if ('file' in part) files.push({ option: `${arg} ${given}`, file: part.file });
      else {
        data.push(part.data);
        dataArgs.add(i);
      }
    } else if (arg === '-u' || arg === '--user' || arg === '--oauth2-bearer') {
      takeValue();
      read.notes.push(`${arg} and its credentials were left out: ${TOKEN_USED}.`);
    } else if (arg === '-b' || arg === '--cookie') {
      takeValue();
      read.notes.push(`${arg} was left out: the console sends no cookies to the API.`);
    } else if (IGNORED.has(arg)) {
      read.notes.push(`${arg} ${takeValue() ?? ''} was left out: it does not change the request.`);
    } else {
      read.unread.push(arg);
    }
  }

  if (urls.length === 0) return { ok: false, message: 'The command names no URL.' };
  if (urls.length > 1)
    return { ok: false, message: `The command names more than one URL: ${urls.join(', ')}.` };
  read.url = urls[0]!;
  const joined = data.length > 0 ? data.join(json ? '' : '&') : null;
  if (get) read.getData = joined;
  else read.body = joined;
  // Data from a file is still data: curl posts it.
  read.method ||= (joined !== null || files.length > 0) && !get ? 'POST' : 'GET';
  for (const { option, file } of files)
    read.unread.push(
      `${get ? 'the query' : 'the body'} ${file === '-' ? 'from standard input' : `in the file ${file}`} (${option}): paste its text into the ${get ? 'query rows' : 'JSON body'}`,
    );
  keepJsonBody(read, contentType, json ? null : 'curl');
  const dataUsed = read.body !== null || read.getData !== null;
  const named = new Set<string>();
  for (const { name, word } of split.variables) {
    // Word 0 is the command itself.
    const at = word - 1;
    if (named.has(name) || !(urlArgs.has(at) || (dataUsed && dataArgs.has(at)))) continue;
    named.add(name);
    read.unread.push(`${name} (a shell variable: put in its value)`);
  }
  return { ok: true, ...read };
}
