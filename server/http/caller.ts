import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

/** Whether a hop's address is a trusted proxy. */
export type TrustProxy = (address: string, hop: number) => boolean;

/**
 * The trusted proxies from TRUST_PROXY entries: addresses, CIDR ranges (or address/netmask) and the names
 * loopback, linklocal and uniquelocal. Throws a TypeError naming the first malformed entry.
 */
export function trustProxy(entries: readonly string[]): TrustProxy {
  return proxyaddr.compile([...entries]);
}

/** What callerAddress is given: the trusted proxies, or null when none is (TRUST_PROXY unset). */
export function trustedProxies(entries: readonly string[]): TrustProxy | null {
  return entries.length === 0 ? null : trustProxy(entries);
}

/**
 * The caller's address: the socket's peer, unless that peer is a trusted proxy, in which case the right-most
 * X-Forwarded-For entry that is not itself a trusted proxy (proxy-addr, as Express reads it).
 */
export function callerAddress(req: IncomingMessage, trust: TrustProxy | null): string {
  if (req.socket.remoteAddress === undefined) return 'unknown';
  // No proxy trusted (TRUST_PROXY unset): the peer, without reading X-Forwarded-For at all.
  return trust ? proxyaddr(req, trust) : req.socket.remoteAddress;
}
