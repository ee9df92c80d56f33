import { readDocumentedLine } from './documented-line';
import { NOT_CURL, readCurl, type CurlRead } from './read-curl';
import { callsInvoke, NOT_A_CALL, readPowerShell, type PowerShellRead } from './read-powershell';
import { readTarget, type ReadTarget, type TargetBases } from './read-target';
import { beyondFormLimits, newQueryParam, type RequestForm } from '../form/request-form';
import { API_METHODS, isApiMethod } from '@contract/web-api/methods';

const SHELL = { bash: 'bash', cmd: 'cmd', powershell: 'PowerShell' } as const;

/** How many notes a paste lists; past that they are counted (a hostile paste could name thousands). */
export const NOTES_LISTED = 20;

/** The notes, each once, at most `NOTES_LISTED` of them and then how many more there were. */
function listed(notes: string[]): string[] {
  const unique = [...new Set(notes)];
  if (unique.length <= NOTES_LISTED) return unique;
  return [...unique.slice(0, NOTES_LISTED), `And ${unique.length - NOTES_LISTED} more notes like these.`];
}

type Filled = { ok: true; form: RequestForm; notes: string[] };

export type PasteResult =
  | Filled
  /** `instead`: a URL of the same tenant's other base, read on this connection, for the person to choose. */
  | { ok: false; message: string; instead?: Filled };

/**
 * The form with what the path field was given: the path, the query's rows when it had a query, and the method
 * when it was a line of the API's documentation (`GET /api/{appId}/tickets/{id}`).
 */
export function pasteTarget(form: RequestForm, text: string, bases: TargetBases): PasteResult {
  const documented = readDocumentedLine(text);
  const read = readTarget(documented?.target ?? text, bases);
  const method = documented?.method ?? form.method;
  if (!read.ok) {
    const instead = read.instead && withTarget(form, method, { ok: true, ...read.instead });
    return { ok: false, message: read.message, ...(instead?.ok ? { instead } : {}) };
  }
  return withTarget(form, method, read);
}

function withTarget(
  form: RequestForm,
  method: RequestForm['method'],
  read: ReadTarget & { ok: true },
): PasteResult {
  const beyond = beyondFormLimits(read.path, read.query?.length ?? form.query.length);
  if (beyond) return { ok: false, message: `That has ${beyond}: nothing was filled in.` };
  const query = read.query?.map((p) => newQueryParam(p.name, p.value)) ?? form.query;
  return { ok: true, form: { ...form, method, path: read.path, query }, notes: [] };
}

type CommandResult = ({ ok: true } & (CurlRead | PowerShellRead)) | { ok: false; message: string };

/** Comment lines, then curl: what the console's own copies look like. */
const STARTS_WITH_CURL = /^\s*(#[^\n]*\n\s*)*curl(\.exe)?\s/i;

/** A curl command, or a PowerShell script that calls Invoke-RestMethod or Invoke-WebRequest, read by its reader. */
function readCommand(text: string): CommandResult {
  if (!STARTS_WITH_CURL.test(text) && callsInvoke(text)) return readPowerShell(text);
  const curl = readCurl(text);
  return !curl.ok && curl.message === NOT_CURL ? { ok: false, message: NOT_A_CALL } : curl;
}

/** How a command was read: the first of its notes. */
function readAs(read: CurlRead | PowerShellRead): string {
  return 'cmdlet' in read
    ? `Read as PowerShell’s ${read.cmdlet}.`
    : `Read with ${SHELL[read.dialect]} quoting.`;
}

/**
 * A new form from a curl command or a PowerShell Invoke-RestMethod / Invoke-WebRequest, with what was left out and
 * what could not be read.
 */
export function pasteCommand(text: string, bases: TargetBases): PasteResult {
  const curl = readCommand(text);
  if (!curl.ok) return curl;
  const target = readTarget(curl.url, bases);
  if (!target.ok) {
    const instead = target.instead && commandForm(curl, { ok: true, ...target.instead });
    return { ok: false, message: target.message, ...(instead?.ok ? { instead } : {}) };
  }
  return commandForm(curl, target);
}

function commandForm(curl: CurlRead | PowerShellRead, target: ReadTarget & { ok: true }): PasteResult {
  if (!isApiMethod(curl.method)) {
    return {
      ok: false,
      message: `The method ${curl.method} is not one this form sends (${API_METHODS.join(', ')}).`,
    };
  }
  const rows = [
    ...(target.query ?? []),
    ...[...new URLSearchParams(curl.getData ?? '')].map(([name, value]) => ({ name, value })),
  ];
  const beyond = beyondFormLimits(target.path, rows.length);
  if (beyond) return { ok: false, message: `The command has ${beyond}: nothing was filled in.` };
  const query = rows.map((row) => newQueryParam(row.name, row.value));
  const form: RequestForm = {
    method: curl.method,
    path: target.path,
    pathValues: {},
    query,
    body: curl.body ?? '',
  };
  const notes = [
    readAs(curl),
    ...listed([...curl.notes, ...curl.unread.map((what) => `Not read: ${what}.`)]),
  ];
  return { ok: true, form, notes };
}
