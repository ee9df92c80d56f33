import { isSecretName } from '@contract/secret-fields';
import { beyondFormLimits } from '../form/request-form';
import type { Variable } from '../variables/variables-store';
import { postmanVariables } from './postman-variables';
import { authAndScriptsLost, requestLost } from './postman-losses';
import { parseSaved, type SavedRequest } from './saved-request';

export const POSTMAN_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';
const BASE = '{{baseUrl}}';

interface PostmanItem {
  name: string;
  request: {
    method: string;
    header: { key: string; value: string }[];
    url: {
      raw: string;
      host: string[];
      path: string[];
      query?: { key: string; value: string }[];
      variable?: { key: string; value: string }[];
    };
    body?: { mode: 'raw'; raw: string; options: { raw: { language: 'json' } } };
  };
}

/** A folder of the collection: its requests and folders, in order. */
interface PostmanFolder {
  name: string;
  item: (PostmanItem | PostmanFolder)[];
}

/** `{uid}` in our paths is `:uid` in Postman's; a variable, `{{appId}}`, is written alike in both. */
const toPostmanSegment = (segment: string) => segment.replace(/^(?<!\{)\{([^{}/]+)\}$/, ':$1');
const fromPostmanSegment = (segment: string) => segment.replace(/^:([^/]+)$/, '{$1}');

/**
 * The requests as the collection's items, each in its folder (`folder`, outermost first) as a nested `item`; a folder
 * stands where its first request stood.
 */
function items(saved: readonly SavedRequest[]): (PostmanItem | PostmanFolder)[] {
  const top: PostmanFolder = { name: '', item: [] };
  const folders = new Map<string, PostmanFolder>();
  for (const one of saved) {
    let into = top;
    (one.folder ?? []).forEach((name, i) => {
      const key = JSON.stringify(one.folder!.slice(0, i + 1));
      let folder = folders.get(key);
      if (!folder) {
        folder = { name, item: [] };
        folders.set(key, folder);
        into.item.push(folder);
      }
      into = folder;
    });
    into.item.push(item(one));
  }
  return top.item;
}

function item(saved: SavedRequest): PostmanItem {
  const path = [
    'api',
    ...saved.path
      .split('/')
      .filter((s) => s !== '')
      .map(toPostmanSegment),
  ];
  const query = saved.query.filter((q) => q.name.trim() !== '').map((q) => ({ key: q.name, value: q.value }));
  const search = query.map((q) => `${q.key}=${q.value}`).join('&');
  const variable = Object.entries(saved.pathValues).map(([key, value]) => ({ key, value }));
  return {
    name: saved.name,
    request: {
      method: saved.method,
      header: saved.body.trim() !== '' ? [{ key: 'Content-Type', value: 'application/json' }] : [],
      url: {
        raw: `${BASE}/${path.join('/')}${search ? `?${search}` : ''}`,
        host: [BASE],
        path,
        ...(query.length > 0 ? { query } : {}),
        ...(variable.length > 0 ? { variable } : {}),
      },
      ...(saved.body.trim() !== ''
        ? { body: { mode: 'raw' as const, raw: saved.body, options: { raw: { language: 'json' as const } } } }
        : {}),
    },
  };
}

/**
 * The saved requests as a Postman v2.1 collection: the base URL, the token and the organization's variables as
 * collection variables, the token and every variable whose name says secret left empty (a bearer auth that reads
 * `{{token}}`), so the file holds nothing secret.
 */
export function toPostman(
  saved: SavedRequest[],
  { name, baseUrl, variables = [] }: { name: string; baseUrl: string; variables?: readonly Variable[] },
) {
  return {
    info: { name, schema: POSTMAN_SCHEMA },
    auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{token}}', type: 'string' }] },
    variable: [
      { key: 'baseUrl', value: baseUrl },
      { key: 'token', value: '' },
      ...variables
        .filter((v) => !RESERVED.has(v.name))
        .map((v) => ({ key: v.name, value: isSecretName(v.name) ? '' : v.value })),
    ],
    item: items(saved),
  };
}

/** The collection's own variables, which the console writes and reads itself: never one of the organization's. */
const RESERVED = new Set(['baseUrl', 'token']);

export type ImportResult =
  | {
      ok: true;
      saved: SavedRequest[];
      /** The collection's (or the environment's) variables with their values, secret-named ones too. */
      variables: Variable[];
      /** The requests not imported, each with why. */
      skipped: string[];
      /**
       * What was imported without all of it, one line each (`Name: what was not brought over`): a request's headers,
       * a body that is not raw, its auth and scripts; the collection's and folders' auth and scripts.
       */
      lost: string[];
    }
  | { ok: false; message: string };

/**
 * What one import may hold: the file's size, its items (requests and folders counted together) and how deep its
 * folders nest. Past any of them nothing is imported, and the message names the limit.
 */
export const IMPORT_LIMITS = { megabytes: 5, items: 5_000, folderDepth: 20 } as const;

const NOTHING = 'nothing was imported.';
const TOO_LARGE = `The file is larger than ${IMPORT_LIMITS.megabytes} MB, the most an import may be: ${NOTHING}`;
const TOO_MANY = `The collection has more than ${IMPORT_LIMITS.items.toLocaleString('en-US')} items (requests and folders counted together), the most an import may hold: ${NOTHING}`;
const TOO_DEEP = `The collection nests folders more than ${IMPORT_LIMITS.folderDepth} deep, the most an import may: ${NOTHING}`;

const asRecord = (v: unknown): Record<string, unknown> | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** One request of the collection with what of it was not brought over, or why it is not imported. */
function readRequest(
  it: Record<string, unknown>,
  folder: readonly string[],
  defined: ReadonlySet<string>,
): { saved: SavedRequest; lost: string[] } | string {
  const name = typeof it.name === 'string' ? it.name : '(no name)';
  const request = asRecord(it.request);
  const url = asRecord(request?.url);
  const raw = typeof request?.url === 'string' ? request.url : typeof url?.raw === 'string' ? url.raw : null;
  if (!request || raw === null) return `${name}: no request URL`;
  if (!raw.startsWith(`${BASE}/api/`)) return `${name}: its URL does not start with {{baseUrl}}/api/`;
  const [pathPart = '', search = ''] = raw.slice(`${BASE}/api/`.length).split('?');
  const rows = Array.isArray(url?.query)
    ? (url.query as unknown[])
        .map(asRecord)
        .filter((q) => q !== null && q.disabled !== true && typeof q.key === 'string')
        .map((q) => ({ name: String(q!.key), value: typeof q!.value === 'string' ? q!.value : '' }))
    : [...new URLSearchParams(search)].map(([n, v]) => ({ name: n, value: v }));
  const variables = Array.isArray(url?.variable) ? (url.variable as unknown[]).map(asRecord) : [];
  const pathValues = Object.fromEntries(
    variables
      .filter((v) => v !== null && typeof v.key === 'string')
      .map((v) => [String(v!.key), typeof v!.value === 'string' ? v!.value : '']),
  );
  const path = pathPart.split('/').map(fromPostmanSegment).join('/');
  const beyond = beyondFormLimits(path, rows.length);
  if (beyond) return `${name}: it has ${beyond}`;
  const body = asRecord(request.body);
  const bodyText = body?.mode === 'raw' && typeof body.raw === 'string' ? body.raw : '';
  const saved = parseSaved({
    name,
    folder,
    method: typeof request.method === 'string' ? request.method.toUpperCase() : 'GET',
    path,
    pathValues,
    query: rows,
    body: bodyText,
  });
  if (!saved) return `${name}: its method is not one this form sends`;
  return {
    saved,
    lost: [
      ...requestLost(request, [path, ...rows.map((r) => r.value), bodyText], defined),
      ...authAndScriptsLost(it, request),
    ],
  };
}

/** A line of what was not brought over of `what` (a request, a folder, the collection), or none. */
function lostLine(what: string, lost: string[]): string[] {
  return lost.length === 0 ? [] : [`${what}: ${lost.join('; ')}`];
}

/**
 * The collection's requests in order, each with the folders it sits in (names as Postman shows them), walked with a stack of its own (a collection may nest
 * deeper than the call stack reaches), within the item and depth limits.
 */
function readItems(items: unknown[], lost: string[], variables: Variable[]): ImportResult {
  const defined = new Set(variables.map((v) => v.name));
  const saved: SavedRequest[] = [];
  const skipped: string[] = [];
  const folders = [{ name: '', items, next: 0 }];
  let count = 0;
  while (folders.length > 0) {
    const folder = folders.at(-1)!;
    if (folder.next >= folder.items.length) {
      folders.pop();
      continue;
    }
    const it = asRecord(folder.items[folder.next++]);
    if (++count > IMPORT_LIMITS.items) return { ok: false, message: TOO_MANY };
    if (!it) continue;
    if (Array.isArray(it.item)) {
      // The collection itself is the first entry: a folder in it is one deep.
      if (folders.length > IMPORT_LIMITS.folderDepth) return { ok: false, message: TOO_DEEP };
      const name = typeof it.name === 'string' ? it.name : '(no name)';
      folders.push({ name, items: it.item as unknown[], next: 0 });
      lost.push(...lostLine(`The folder ${name}`, authAndScriptsLost(it, null)));
      continue;
    }
    const read = readRequest(
      it,
      folders.slice(1).map((f) => f.name),
      defined,
    );
    if (typeof read === 'string') skipped.push(read);
    else {
      saved.push(read.saved);
      lost.push(...lostLine(read.saved.name, read.lost));
    }
  }
  return { ok: true, saved, variables, skipped, lost };
}

/**
 * Saved requests and variables from a Postman v2.1 collection (each request in its folder, its variables with
 * their values), or the variables of a Postman environment file; what cannot be read is named.
 */
export function fromPostman(text: string): ImportResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, message: 'The file is not JSON.' };
  }
  const collection = asRecord(parsed);
  const info = asRecord(collection?.info);
  if (collection && !info && Array.isArray(collection.values) && !Array.isArray(collection.item)) {
    const variables = postmanVariables(collection.values, 'enabled', RESERVED);
    return { ok: true, saved: [], variables, skipped: [], lost: [] };
  }
  if (!collection || !info || !Array.isArray(collection.item))
    return {
      ok: false,
      message:
        'The file is not a Postman collection (it needs "info" and "item") nor an environment ("values").',
    };
  if (info.schema !== POSTMAN_SCHEMA)
    return { ok: false, message: 'Only Postman collections of format v2.1 can be imported.' };
  return readItems(
    collection.item,
    lostLine('The collection', authAndScriptsLost(collection, null)),
    postmanVariables(collection.variable, 'disabled', RESERVED),
  );
}

/** A chosen file read as a collection, refused unread when it is larger than an import may be. */
export async function fromPostmanFile(file: Blob): Promise<ImportResult> {
  if (file.size > IMPORT_LIMITS.megabytes * 1_000_000) return { ok: false, message: TOO_LARGE };
  return fromPostman(await file.text());
}
