import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

export interface SendOptions {
  method?: string;
  /** Sent as it is: no normalization of `..`, percent-escapes or case, unlike fetch. */
  path: string;
  headers?: Record<string, string | number>;
  body?: string | Buffer;
  /** Sends the body in pieces with `Transfer-Encoding: chunked` instead of a Content-Length. */
  chunked?: boolean;
  /** The address to send from (any of 127.0.0.0/8 stands for a caller of its own). */
  localAddress?: string;
  /** For an https origin: the certificate authority its certificate is checked against. */
  ca?: Buffer;
  /** For an https origin: the name its certificate is checked for, when that is not the `Host` header's. */
  servername?: string;
}

/**
 * One request through node:http (node:https for an https origin), for what fetch cannot express (raw paths, any
 * method, bodies on odd methods, chunked uploads, the address to send from). Resolves with the answer even when the
 * server closes the connection before the whole body was sent, as it does after a 413.
 */
export function send(origin: string, options: SendOptions): Promise<RawResponse> {
  const { hostname, port, protocol } = new URL(origin);
  const request = protocol === 'https:' ? httpsRequest : httpRequest;
  const headers: Record<string, string | number> = { ...options.headers };
  const body = options.body === undefined ? undefined : Buffer.from(options.body);
  if (body && !options.chunked) headers['Content-Length'] = body.length;
  if (body && options.chunked) headers['Transfer-Encoding'] = 'chunked';
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(
      {
        hostname,
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers,
        localAddress: options.localAddress,
        ca: options.ca,
        servername: options.servername,
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    if (body && options.chunked) {
      for (let offset = 0; offset < body.length; offset += 8192)
        req.write(body.subarray(offset, offset + 8192));
      req.end();
    } else {
      req.end(body);
    }
  });
}

function parseRawResponse(raw: Buffer): RawResponse {
  const split = raw.indexOf('\r\n\r\n');
  if (split < 0)
    throw new Error(`no complete HTTP response: ${JSON.stringify(raw.toString('latin1').slice(0, 200))}`);
  const [statusLine = '', ...lines] = raw.subarray(0, split).toString('latin1').split('\r\n');
  const headers: IncomingHttpHeaders = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.subarray(split + 4);
  if (headers['transfer-encoding'] === 'chunked') {
    const parts: Buffer[] = [];
    for (let at = 0; ;) {
      const eol = body.indexOf('\r\n', at);
      const size = parseInt(body.subarray(at, eol).toString('latin1'), 16);
      if (!size) break;
      parts.push(body.subarray(eol + 2, eol + 2 + size));
      at = eol + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  } else if (headers['content-length'] !== undefined) {
    body = body.subarray(0, Number(headers['content-length']));
  }
  return { status: Number(statusLine.split(' ')[1]), headers, text: body.toString('utf8') };
}

/**
 * Writes bytes straight to the server's socket and reads until the server closes it, for requests no HTTP client
 * will send (broken framing, bad header bytes). Requests that the server may keep alive must say
 * `Connection: close`.
 */
export function sendRaw(origin: string, bytes: string | Buffer): Promise<RawResponse> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error('the server neither answered nor closed')));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A reset after a complete answer (the server closed with our bytes unread) still counts as answered.
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      try {
        resolve(parseRawResponse(Buffer.concat(chunks)));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    socket.write(bytes);
  });
}

/** A fetch answer in the same shape as `send`'s, read whole. */
export async function readFetch(res: Response): Promise<RawResponse> {
  return { status: res.status, headers: Object.fromEntries(res.headers), text: await res.text() };
}
