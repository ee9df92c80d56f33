import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from './config-error.ts';
import { loadConfig } from './config.ts';

const ROOT = '/srv/auth-console';
const SECRET = 'S3CR3T';
const dir = mkdtempSync(join(tmpdir(), 'url-setting-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function refusal(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env, [], ROOT);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

/** URLs that carry the secret in their user info, query or fragment, or in a value that does not parse. */
const SECRET_URLS = [
  `https://admin:${SECRET}@console.example`,
  `https://${SECRET}@console.example`,
  `https://console.example/?k=${SECRET}`,
  `https://console.example/#${SECRET}`,
  `https://acme.example/TDWebApi?apikey=${SECRET}`,
  `https://console.example/path?k=${SECRET}`,
  `http://acme.example/TDWebApi?apikey=${SECRET}`,
  `ftp://acme.example/TDWebApi?apikey=${SECRET}`,
  `ftp://admin:${SECRET}@acme.example/TDWebApi`,
  `admin:${SECRET}@console.example`,
  `https://admin:${SECRET}@[not-a-host`,
  `//admin:${SECRET}@console.example`,
];

let files = 0;
function connectionsFile(base: string): string {
  const path = join(dir, `connections-${++files}.json`);
  writeFileSync(path, JSON.stringify({ connections: [{ name: 'acme', label: 'Acme', base }] }));
  return path;
}

const SSO = { SSO_CLIENT_ID: 'tdx', SSO_CLIENT_SECRET: 'client-secret' };
const idpClients = (key: string, uri: string) =>
  JSON.stringify([
    { client_id: 'b', client_secret: 'long-enough', redirect_uris: ['http://x/cb'], [key]: [uri] },
  ]);

/** Every URL setting: the environment that gives it the value, and how its refusal starts. */
const URL_SETTINGS: [string, (url: string) => NodeJS.ProcessEnv, RegExp][] = [
  ['PUBLIC_ORIGIN', (url) => ({ PUBLIC_ORIGIN: url }), /^PUBLIC_ORIGIN must /],
  ['SSO_ISSUER', (url) => ({ ...SSO, SSO_ISSUER: url }), /^SSO_ISSUER must /],
  ['RELAY_TENANTS', (url) => ({ RELAY_TENANTS: `acme=${url}` }), /^The RELAY_TENANTS base of "acme" must /],
  [
    'CONNECTIONS_FILE',
    (url) => ({ CONNECTIONS_FILE: connectionsFile(url) }),
    /^CONNECTIONS_FILE connections\[0\] \("acme"\): "base" must /,
  ],
  [
    'SSO_IDP_CLIENTS',
    (url) => ({ SSO_IDP_CLIENTS: idpClients('redirect_uris', url) }),
    /^A redirect URI of SSO_IDP_CLIENTS entry "b" must /,
  ],
  [
    'SSO_IDP_CLIENTS',
    (url) => ({ SSO_IDP_CLIENTS: idpClients('post_logout_redirect_uris', url) }),
    /^A post-logout redirect URI of SSO_IDP_CLIENTS entry "b" must /,
  ],
];

describe('the one URL rule', () => {
  it.each(URL_SETTINGS)(
    '%s: every refusal names the setting and never repeats user info, query or fragment',
    (_name, envOf, names) => {
      for (const url of SECRET_URLS) {
        const message = refusal(envOf(url));
        expect(message, url).toMatch(names);
        expect(message, url).not.toContain(SECRET);
      }
    },
  );

  it('says what is wrong: user info, a query or fragment, the scheme, plain http, a path', () => {
    expect(refusal({ PUBLIC_ORIGIN: `https://admin:${SECRET}@console.example` })).toBe(
      'PUBLIC_ORIGIN must not contain a user name or password.',
    );
    expect(refusal({ PUBLIC_ORIGIN: `https://console.example/?k=${SECRET}` })).toBe(
      'PUBLIC_ORIGIN must not have a query or fragment.',
    );
    expect(refusal({ RELAY_TENANTS: `acme=https://acme.example/TDWebApi?apikey=${SECRET}` })).toBe(
      'The RELAY_TENANTS base of "acme" must not have a query or fragment.',
    );
    expect(refusal({ RELAY_TENANTS: 'acme=ftp://acme.example/TDWebApi' })).toBe(
      'The RELAY_TENANTS base of "acme" must be an absolute https URL.',
    );
    expect(refusal({ RELAY_TENANTS: 'acme=http://acme.example/TDWebApi' })).toBe(
      'The RELAY_TENANTS base of "acme" must use https; plain http is allowed only for loopback hosts (127.0.0.0/8, ::1, localhost) (got http://acme.example/TDWebApi).',
    );
    expect(refusal({ PUBLIC_ORIGIN: 'https://console.example/app' })).toBe(
      'PUBLIC_ORIGIN must be an origin, without a path (got https://console.example/app).',
    );
  });

  it('quotes no other setting’s value that may hold a URL’s user info, query or fragment', () => {
    for (const [env, names] of [
      [{ RELAY_TENANTS: `https://admin:${SECRET}@acme.example/TDWebApi` }, /^RELAY_TENANTS entries /],
      [{ RELAY_TENANTS: `https://acme.example/TDWebApi?apikey=${SECRET}` }, /^RELAY_TENANTS names /],
      [{ RELAY_TENANTS: `https://admin:${SECRET}@acme.example/x?k=v` }, /^RELAY_TENANTS names /],
      [{ ALLOWED_HOSTS: `https://admin:${SECRET}@console.example` }, /^ALLOWED_HOSTS entries /],
      [{ TRUST_PROXY: `https://admin:${SECRET}@proxy.example` }, /^TRUST_PROXY entries /],
      [{ PORT: `8080?k=${SECRET}` }, /^PORT must /],
      [{ LOG_LEVEL: `info#${SECRET}` }, /^LOG_LEVEL must /],
    ] as const) {
      const message = refusal(env);
      expect(message).toMatch(names);
      expect(message).not.toContain(SECRET);
      expect(message).toContain('not repeated here');
    }
    // A value that cannot hold them is still quoted, so that the operator sees the mistake.
    expect(refusal({ ALLOWED_HOSTS: 'https://console.example' })).toContain(
      '(got "https://console.example")',
    );
  });
});
