import type { IncomingMessage } from 'node:http';

function normalize(address: string): string {
  const trimmed = address.trim();
  return trimmed.startsWith('::ffff:') && trimmed.includes('.') ? trimmed.slice(7) : trimmed;
}

/**
 * The caller's address for rate limiting: the socket's peer, unless that peer is a configured trusted proxy, in
 * which case the right-most X-Forwarded-For entry that is not itself a trusted proxy.
 */
export function callerAddress(req: IncomingMessage, trustedProxies: ReadonlySet<string>): string {
  const peer = normalize(req.socket.remoteAddress ?? 'unknown');
  if (!trustedProxies.has(peer)) return peer;
  const header = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map(normalize)
    .filter((hop) => hop !== '');
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    if (!trustedProxies.has(hop)) return hop.slice(0, 64);
  }
  return peer;
}
