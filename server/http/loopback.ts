/**
 * What counts as loopback, wherever the server asks (the Host check, HOST with EMULATOR_CONTROL, a relay
 * tenant's plain-http base): 127.0.0.0/8, ::1 and localhost. `host` is a host name as the URL parser or a Host
 * header writes it (IPv6 in brackets), or as HOST gives it (without); the URL parser has already turned other
 * IPv4 spellings (127.1, 2130706433) into dotted quads, and anything else is judged as written.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || name === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}
