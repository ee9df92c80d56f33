import type { IncomingMessage } from 'node:http';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { relayBase } from '../config/relay-tenant-rules.ts';
import { createHostCheck } from './host-check.ts';
import { isLoopbackHost } from './loopback.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** Hosts as HOST writes them; in URLs and Host headers an IPv6 address is bracketed. */
const LOOPBACK = ['localhost', 'LocalHost', '127.0.0.1', '127.0.0.2', '127.255.255.254', '::1'];
const NOT_LOOPBACK = [
  '0.0.0.0',
  '10.0.0.5',
  '128.0.0.1',
  '::',
  'example.edu',
  'localhost.example.edu',
  '::2',
];

const inUrl = (host: string) => (host.includes(':') ? `[${host}]` : host);

/** What each place that asks decides for `host`. */
function decisions(host: string) {
  const control = () => loadConfig({ EMULATOR_CONTROL: '1', HOST: host }, [], ROOT);
  const plainHttpTenant = () => relayBase(`http://${inUrl(host)}:9090/TDWebApi`, 'The base');
  const checkHost = createHostCheck({
    publicOrigin: null,
    allowedHosts: [],
    listening: () => 'http://192.0.2.1:8080',
  });
  const hostHeader = () =>
    checkHost({ headers: { host: `${inUrl(host)}:5173` }, httpVersion: '1.1' } as IncomingMessage);
  const passes = (check: () => unknown) => {
    try {
      check();
      return true;
    } catch {
      return false;
    }
  };
  return {
    'EMULATOR_CONTROL without a token': passes(control),
    'a relay tenant over plain http': passes(plainHttpTenant),
    'a Host header on any port': passes(hostHeader),
  };
}

describe('what counts as loopback', () => {
  it.each(LOOPBACK)('%s is loopback, in every place that asks', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
    expect(isLoopbackHost(inUrl(host))).toBe(true);
    expect(decisions(host)).toEqual({
      'EMULATOR_CONTROL without a token': true,
      'a relay tenant over plain http': true,
      'a Host header on any port': true,
    });
  });

  it.each(NOT_LOOPBACK)('%s is not, in any place that asks', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
    expect(decisions(host)).toEqual({
      'EMULATOR_CONTROL without a token': false,
      'a relay tenant over plain http': false,
      'a Host header on any port': false,
    });
  });
});
