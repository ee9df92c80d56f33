import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of a valid IPv6 address (any zone dropped). */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0]!;
  const lastColon = text.lastIndexOf(':');
  const dotted = text.slice(lastColon + 1);
  if (dotted.includes('.')) {
    const [a, b, c, d] = dotted.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const groups = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const [head, tail] = text.split('::');
  const start = groups(head);
  const end = groups(tail);
  return [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
}

/**
 * Who a caller counts as for rate limiting: an IPv4 address as it is, an IPv4-mapped IPv6 address as its IPv4
 * address, any other IPv6 address as its /64 (one subscriber's usual assignment, so a host cannot take a fresh
 * counter from each of its 2^64 addresses), and anything else (an X-Forwarded-For hop that is no address) as
 * its first 64 characters.
 */
export function rateLimitKey(address: string): string {
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address.slice(0, 64);
  const g = ipv6Groups(address);
  if (g.slice(0, 5).every((group) => group === 0) && g[5] === 0xffff) {
    return [g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255].join('.');
  }
  return `${g
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
