import { createReadStream, readFileSync, statSync, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { PRODUCTION_BASE } from '../../contract/web-api/bases.ts';
import { CONNECTIONS_ELEMENT_ID, type ConnectionsAnswer } from '../../contract/wire.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** The page in place of the console before `npm run build`; the emulator's API is named only where it runs. */
export function notBuiltPage(emulator: boolean): string {
  const api = emulator ? ` The emulator API is up at <code>${PRODUCTION_BASE}/api/</code>.` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Auth Console</title></head>
<body><main><h1>Auth Console</h1><p>The console is not built yet. Run <code>npm run build</code>, or start with
<code>npm start</code>, which builds it.${api}</p></main></body></html>`;
}

/**
 * index.html with this server's connection list (what `GET /relay` answers) written into its head as a JSON data
 * block, which the console reads before its first render instead of asking for the list. A data block is not run
 * (the CSP's `script-src 'self'` stays as it is), and every `<` in it is written `\u003c`, so no text in the list
 * (a tenant's label) can end the element. A page without a head is served as it is: the console then asks.
 */
export function withConnections(html: string, connections: ConnectionsAnswer): string {
  const json = JSON.stringify(connections).replaceAll('<', '\\u003c');
  const block = `<script type="application/json" id="${CONNECTIONS_ELEMENT_ID}">${json}</script>`;
  const head = html.indexOf('</head>');
  return head === -1 ? html : `${html.slice(0, head)}${block}${html.slice(head)}`;
}

function sendText(res: ServerResponse, status: number, type: string, body: string, cache: string) {
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': cache,
  });
  res.end(body);
}

/**
 * What is at a path: a file to serve, nothing (a console route, perhaps), or a path that cannot name a file at
 * all: below a file (ENOTDIR), too long (ENAMETOOLONG), unreadable, or any other refusal of the file system.
 * The error code decides, not `throwIfNoEntry: false`: on Node 24 and 26 that option swallows ENOTDIR as well as
 * ENOENT (nodejs/node#56993; Node 20 throws it), and a path below a file would become a console route.
 */
function lookUp(path: string): Stats | 'missing' | 'impossible' {
  try {
    const stat = statSync(path);
    return stat.isFile() ? stat : 'missing';
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'impossible';
  }
}

/** A built asset kept in memory, with what its file was when read. */
interface Kept {
  mtimeMs: number;
  size: number;
  body: Buffer;
}

/** Hashed assets at most this large are kept in memory; a build's files are a few hundred KB each. */
const KEEP_MAX_BYTES = 2 * 1024 * 1024;
/** More kept files than any one build has: past it (a server left running across many builds) they are all dropped. */
const KEEP_MAX_FILES = 200;

/**
 * Hashed assets (`/assets/…`, named by their content) read once and then answered from memory in one write: a
 * first visit's script no longer waits for a file to be opened and streamed in 64 KB reads, each a turn of the event
 * loop that a busy machine schedules late. A file replaced or removed by a build is read again, or answered 404.
 */
function assetMemory() {
  const kept = new Map<string, Kept>();
  return (file: string, stat: Stats): Buffer | null => {
    if (stat.size > KEEP_MAX_BYTES) return null;
    const known = kept.get(file);
    if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known.body;
    let body: Buffer;
    try {
      body = readFileSync(file);
    } catch {
      return null;
    }
    if (body.length !== stat.size) return null;
    if (!known && kept.size >= KEEP_MAX_FILES) kept.clear();
    kept.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, body });
    return body;
  };
}

/**
 * Serves the built console from dist/: hashed assets cached for a year, everything else revalidated, and any
 * path that is not a file answered with index.html so the console's routes survive a reload. index.html carries
 * `connections` and is never stored by a cache, so that no page shows a list this server no longer offers.
 */
export function createStatic(distDir: string, emulator: boolean, connections: ConnectionsAnswer) {
  const notBuilt = notBuiltPage(emulator);
  const root = normalize(distDir + sep);
  const indexPath = join(distDir, 'index.html');
  const fromMemory = assetMemory();

  // Read again only when a build replaced it, so a running server picks up `npm run build` without a restart.
  let index = { mtimeMs: NaN, html: notBuilt };
  function currentIndex(): string {
    const stat = lookUp(indexPath);
    if (typeof stat === 'string') return notBuilt;
    if (stat.mtimeMs !== index.mtimeMs) {
      index = { mtimeMs: stat.mtimeMs, html: withConnections(readFileSync(indexPath, 'utf8'), connections) };
    }
    return index.html;
  }

  function sendIndex(req: IncomingMessage, res: ServerResponse) {
    const html = currentIndex();
    if (req.method === 'HEAD') {
      res.writeHead(200, { 'Content-Type': TYPES['.html']!, 'Cache-Control': 'no-store' });
      res.end();
      return;
    }
    sendText(res, 200, TYPES['.html']!, html, 'no-store');
  }

  return function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      sendText(res, 405, 'text/plain; charset=utf-8', 'Method not allowed.', 'no-store');
      return;
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      sendText(res, 400, 'text/plain; charset=utf-8', 'Bad request path.', 'no-store');
      return;
    }
    if (decoded.includes('\0') || decoded.split(/[\\/]/).includes('..')) {
      sendText(res, 404, 'text/plain; charset=utf-8', 'Not found.', 'no-store');
      return;
    }
    if (decoded === '/' || decoded === '/index.html') return sendIndex(req, res);
    const file = normalize(join(root, decoded));
    const found = file.startsWith(root) ? lookUp(file) : 'impossible';
    // A missing file with an extension is a real 404, as is a path no file can have; anything else is a route.
    if (found === 'impossible' || (found === 'missing' && extname(decoded) !== '')) {
      sendText(res, 404, 'text/plain; charset=utf-8', 'Not found.', 'no-store');
      return;
    }
    if (found === 'missing') return sendIndex(req, res);
    const hashed = decoded.startsWith('/assets/');
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'Content-Length': found.size,
      'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    if (req.method === 'HEAD') return void res.end();
    const body = hashed ? fromMemory(file, found) : null;
    if (body) res.end(body);
    else
      createReadStream(file)
        .on('error', () => res.destroy())
        .pipe(res);
  };
}
