import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../contract/body-limit.ts';
import { MAX_UPSTREAM_BYTES } from '../relay/relay.ts';
import { loadConfig } from '../config/config.ts';

const SITE = readFileSync(new URL('../../deploy/nginx/auth-console.conf', import.meta.url), 'utf8');
/** The site without its comments. */
const DIRECTIVES = SITE.replace(/^\s*#.*$/gm, '');
const ENV = parseEnv(readFileSync(new URL('../../deploy/auth-console.env.example', import.meta.url), 'utf8'));

/** The values of a directive, wherever it stands in the site. */
function directive(name: string): string[] {
  return [...DIRECTIVES.matchAll(new RegExp(`^\\s*${name}\\s+([^;\\n]*);`, 'gm'))].map((match) => match[1]!);
}

const seconds = (value: string) => {
  const match = /^(\d+)s$/.exec(value);
  if (!match) throw new Error(`not a time in seconds: ${value}`);
  return Number(match[1]);
};

describe('deploy/nginx/auth-console.conf', () => {
  it('proxies to the address the environment file gives the server', () => {
    expect(directive('server')).toEqual([`${ENV.HOST}:${ENV.PORT}`]);
  });

  it("refuses the bodies the server would refuse, with the server's own JSON error", () => {
    expect(directive('client_max_body_size')).toEqual([`${MAX_BODY_BYTES / 1024}k`]);
    expect(directive('client_body_buffer_size')).toEqual([`${MAX_BODY_BYTES / 1024}k`]);
    const [answer = ''] = directive('return').filter((value) => value.startsWith('413 '));
    expect(JSON.parse(answer.slice('413 '.length).replace(/^'|'$/g, ''))).toEqual({
      status: 413,
      error: 'payload_too_large',
      message: `The request body must be at most ${MAX_BODY_BYTES} bytes.`,
    });
  });

  it("waits longer than the relay does, so the browser gets the relay's own 502", () => {
    const connections = fileURLToPath(new URL('../../deploy/connections.example.json', import.meta.url));
    const { relayTimeoutMs: relayTimeout } = loadConfig(
      { ...ENV, CONNECTIONS_FILE: connections },
      [],
      '/opt/auth-console',
    );
    expect(seconds(directive('proxy_read_timeout')[0]!) * 1000).toBeGreaterThan(relayTimeout);
    expect(seconds(directive('proxy_send_timeout')[0]!) * 1000).toBeGreaterThan(relayTimeout);
  });

  it("streams answers (the relay's up to 10 MB) and keeps the tenant's Date", () => {
    expect(MAX_UPSTREAM_BYTES).toBe(10 * 1024 * 1024);
    expect(directive('proxy_buffering')).toEqual(['off']);
    expect(directive('proxy_pass_header')).toEqual(['Date']);
  });

  it('passes the headers the server reads, and adds no security header of its own', () => {
    expect(directive('proxy_set_header')).toEqual([
      'Connection ""',
      'Host $host',
      'X-Forwarded-For $remote_addr',
      'X-Forwarded-Proto $scheme',
    ]);
    // Only on nginx's own 413, which never reaches the server.
    expect(directive('add_header')).toEqual(['X-Content-Type-Options nosniff always']);
    expect(DIRECTIVES).not.toMatch(/Strict-Transport-Security|Content-Security-Policy/i);
  });
});
