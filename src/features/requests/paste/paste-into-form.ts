import { readCurl } from './read-curl';
import { readTarget, type TargetBases } from './read-target';
import { METHODS, newQueryParam, type RequestForm } from '../form/request-form';
import type { ApiMethod } from '@/lib/api-client';

const SHELL = { bash: 'bash', cmd: 'cmd', powershell: 'PowerShell' } as const;

export type PasteResult = { ok: true; form: RequestForm; notes: string[] } | { ok: false; message: string };

/** The form with what the path field was given: the path, and the query's rows when it had a query. */
export function pasteTarget(form: RequestForm, text: string, bases: TargetBases): PasteResult {
  const read = readTarget(text, bases);
  if (!read.ok) return read;
  const query = read.query?.map((p) => newQueryParam(p.name, p.value)) ?? form.query;
  return { ok: true, form: { ...form, path: read.path, query }, notes: [] };
}

/** A new form from a curl command, with what was left out and what could not be read. */
export function pasteCurl(text: string, bases: TargetBases): PasteResult {
  const curl = readCurl(text);
  if (!curl.ok) return curl;
  const target = readTarget(curl.url, bases);
  if (!target.ok) return target;
  if (!(METHODS as readonly string[]).includes(curl.method)) {
    return {
      ok: false,
      message: `The method ${curl.method} is not one this form sends (${METHODS.join(', ')}).`,
    };
  }
  const query = [
    ...(target.query ?? []).map((p) => newQueryParam(p.name, p.value)),
    ...[...new URLSearchParams(curl.getData ?? '')].map(([name, value]) => newQueryParam(name, value)),
  ];
  const form: RequestForm = {
    method: curl.method as ApiMethod,
    path: target.path,
    pathValues: {},
    query,
    body: curl.body ?? '',
  };
  const notes = [
    `Read with ${SHELL[curl.dialect]} quoting.`,
    ...curl.notes,
    ...curl.unread.map((what) => `Not read: ${what}.`),
  ];
  return { ok: true, form, notes };
}
