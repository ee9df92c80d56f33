import type { IncomingMessage } from 'node:http';
import { ApiError } from './errors.ts';
import { isLoopbackHost } from './loopback.ts';

/** A host name or bracketed IPv6 address, with an optional port: the shape of a Host header and of ALLOWED_HOSTS. */
const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?)(?::(\d{1,5}))?$/;

export interface HostName {
  name: string;
  /** null: any port. */
  port: string | null;
}

/** A Host header or ALLOWED_HOSTS entry as name and port, or null when it is not one. */
export function parseHost(value: string): HostName | null {
  const match = HOST.exec(value.toLowerCase());
  if (!match || (match[2] !== undefined && Number(match[2]) > 65535)) return null;
  return { name: match[1]!, port: match[2] ?? null };
}

export interface HostCheckOptions {
  publicOrigin: string | null;
  allowedHosts: HostName[];
  /** The URL the server listens at: known only once it listens. */
  listening: () => string;
}

/**
 * Refuses requests addressed to another name (DNS rebinding: a hostile page whose name now resolves to this
 * server) before any handler runs. Allowed: the public origin, the listening address on the listening port, the
 * loopback names, and ALLOWED_HOSTS. A request without a port is judged by its name alone.
 */
export function createHostCheck(options: HostCheckOptions) {
  const configured: HostName[] = [...options.allowedHosts];
  if (options.publicOrigin) {
    const url = new URL(options.publicOrigin);
    configured.push({ name: url.hostname, port: url.port || (url.protocol === 'https:' ? '443' : '80') });
  }
  let allowed: HostName[] | null = null;
  const allowedNow = (): HostName[] => {
    if (allowed) return allowed;
    const url = new URL(options.listening());
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    allowed = [...configured, { name: url.hostname, port }];
    return allowed;
  };

  // The last Host header allowed: a client names the same host on every request, and requests come only once the
  // server listens, when what is allowed no longer changes.
  let lastAllowed: string | null = null;
  return function checkHost(req: IncomingMessage) {
    const header = req.headers.host;
    if (header === lastAllowed && header !== undefined) return;
    if (header === undefined) {
      if (req.httpVersion === '1.0') return;
      throw new ApiError(400, 'bad_request', 'An HTTP/1.1 request needs a Host header.');
    }
    const host = parseHost(header);
    // Loopback on any port: no rebinding page can make a browser send a loopback name, and a dev proxy (Vite's, on
    // its own port) passes on the browser's.
    const known =
      host !== null &&
      (isLoopbackHost(host.name) ||
        allowedNow().some(
          (entry) =>
            entry.name === host.name &&
            (host.port === null || entry.port === null || entry.port === host.port),
        ));
    if (!known) {
      throw new ApiError(
        421,
        'misdirected_request',
        'This server does not answer for the host named in the request. An operator can add it to ALLOWED_HOSTS.',
      );
    }
    lastAllowed = header;
  };
}
