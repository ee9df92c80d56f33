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

/** `{uid}` in our paths is `:uid` in Postman's. */
const toPostmanSegment = (segment: string) => segment.replace(/^\{([^{}/]+)\}$/, ':$1');
const fromPostmanSegment = (segment: string) => segment.replace(/^:([^/]+)$/, '{$1}');

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
 * The saved requests as a Postman v2.1 collection: the base URL and the token as collection variables, the token
 * left empty (a bearer auth that reads `{{token}}`), so the file holds nothing secret.
 */
export function toPostman(saved: SavedRequest[], { name, baseUrl }: { name: string; baseUrl: string }) {
  return {
    info: { name, schema: POSTMAN_SCHEMA },
    auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{token}}', type: 'string' }] },
    variable: [
      { key: 'baseUrl', value: baseUrl },
      { key: 'token', value: '' },
    ],
    item: saved.map(item),
  };
}

export type ImportResult =
  { ok: true; saved: SavedRequest[]; skipped: string[] } | { ok: false; message: string };

const asRecord = (v: unknown): Record<string, unknown> | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

function readItem(value: unknown, out: SavedRequest[], skipped: string[]) {
  const it = asRecord(value);
  if (!it) return;
  const name = typeof it.name === 'string' ? it.name : '(no name)';
  if (Array.isArray(it.item)) {
    for (const child of it.item) readItem(child, out, skipped);
    return;
  }
  const request = asRecord(it.request);
  const url = asRecord(request?.url);
  const raw = typeof request?.url === 'string' ? request.url : typeof url?.raw === 'string' ? url.raw : null;
  if (!request || raw === null) return void skipped.push(`${name}: no request URL`);
  if (!raw.startsWith(`${BASE}/api/`))
    return void skipped.push(`${name}: its URL does not start with {{baseUrl}}/api/`);
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
  const body = asRecord(request.body);
  const saved = parseSaved({
    name,
    method: typeof request.method === 'string' ? request.method.toUpperCase() : 'GET',
    path: pathPart.split('/').map(fromPostmanSegment).join('/'),
    pathValues,
    query: rows,
    body: body?.mode === 'raw' && typeof body.raw === 'string' ? body.raw : '',
  });
  if (saved) out.push(saved);
  else skipped.push(`${name}: its method is not one this form sends`);
}

/** Saved requests from a Postman v2.1 collection (folders flattened); what cannot be read is named. */
export function fromPostman(text: string): ImportResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, message: 'The file is not JSON.' };
  }
  const collection = asRecord(parsed);
  const info = asRecord(collection?.info);
  if (!collection || !info || !Array.isArray(collection.item))
    return { ok: false, message: 'The file is not a Postman collection (it needs "info" and "item").' };
  if (info.schema !== POSTMAN_SCHEMA)
    return { ok: false, message: 'Only Postman collections of format v2.1 can be imported.' };
  const saved: SavedRequest[] = [];
  const skipped: string[] = [];
  for (const entry of collection.item) readItem(entry, saved, skipped);
  return { ok: true, saved, skipped };
}
