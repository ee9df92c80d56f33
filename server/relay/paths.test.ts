import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors.ts';
import { isRelayPath, parseRelayTarget, relayedLocation, splitTarget, upstreamUrl } from './paths.ts';

const BASE = 'https://acme.teamdynamix.com/TDWebApi';

describe('parseRelayTarget', () => {
  it('reads the list, a tenant with and without rest, and the query as sent', () => {
    expect(parseRelayTarget('/relay')).toEqual({ kind: 'list' });
    expect(parseRelayTarget('/relay/')).toEqual({ kind: 'list' });
    expect(parseRelayTarget('/relay/acme')).toEqual({
      kind: 'tenant',
      name: 'acme',
      rest: undefined,
      search: '',
    });
    expect(parseRelayTarget('/relay/acme/')).toEqual({ kind: 'tenant', name: 'acme', rest: '', search: '' });
    expect(parseRelayTarget('/Relay/ACME/api/auth?x=%2e%2e&y=1')).toEqual({
      kind: 'tenant',
      name: 'acme',
      rest: 'api/auth',
      search: '?x=%2e%2e&y=1',
    });
  });

  it('reads absolute-form targets by their path', () => {
    expect(splitTarget('http://evil.example/relay/acme/x?y')).toEqual({
      path: '/relay/acme/x',
      search: '?y',
    });
    expect(splitTarget('http://evil.example')).toEqual({ path: '/', search: '' });
  });

  it.each([
    '/relay/acme/..',
    '/relay/acme/%2E%2E/x',
    '/relay/acme/%252E%252E/x',
    '/relay/acme/%2525252e%2525252e',
    '/relay/acme/. ./x',
    '/relay/acme/.%20./x',
    '/relay/acme/..%09/x',
    '/relay/acme/x%2F..%2Fy',
    '/relay/acme/%5C',
    '/relay/acme/x\\y',
    '/relay/acme//x',
    '/relay/acme/x%23y',
    '/relay/acme/%E9',
    '/relay/a/../b',
    '/other/../relay/acme',
    '/relay//',
  ])('refuses %s', (target) => {
    expect(() => parseRelayTarget(target)).toThrow(ApiError);
  });
});

describe('isRelayPath', () => {
  it('takes the raw or the normalized path', () => {
    expect(isRelayPath('/relay', '/relay')).toBe(true);
    expect(isRelayPath('/RELAY/x', '/relay/x')).toBe(true);
    expect(isRelayPath('/x/../relay/a', '/relay/a')).toBe(true);
    expect(isRelayPath('/relay/../TDWebApi', '/tdwebapi')).toBe(true);
    expect(isRelayPath('/relayed', '/relayed')).toBe(false);
    expect(isRelayPath('/TDWebApi/api', '/tdwebapi/api')).toBe(false);
  });
});

describe('upstreamUrl', () => {
  it('joins the base with the rest and the query', () => {
    expect(upstreamUrl(BASE, 'api/auth/login', '').href).toBe(`${BASE}/api/auth/login`);
    expect(upstreamUrl(BASE, undefined, '').href).toBe(BASE);
    expect(upstreamUrl(BASE, '', '?a=1').href).toBe(`${BASE}/?a=1`);
    expect(upstreamUrl('https://acme.example', 'x', '').href).toBe('https://acme.example/x');
    expect(upstreamUrl('http://127.0.0.1:9090/TDWebApi', 'api', '?q=a%20b').href).toBe(
      'http://127.0.0.1:9090/TDWebApi/api?q=a%20b',
    );
  });

  it('can never leave the base, whatever rest a caller manages to send (every path through parseRelayTarget)', () => {
    const pieces = [
      '..',
      '.',
      '%2e',
      '%2e%2e',
      '%252e',
      '\\',
      '%5c',
      '/',
      '%2f',
      '//',
      '',
      'a',
      '@evil.example',
      'evil.example:443',
      ':',
      '?',
      '#',
      ';',
      '%00',
      'https:',
      '...',
      ' ',
      '%40',
      '%3a',
    ];
    let accepted = 0;
    for (const a of pieces) {
      for (const b of pieces) {
        for (const c of pieces) {
          const target = `/relay/acme/${a}${b}/${c}`;
          let url: URL;
          try {
            const parsed = parseRelayTarget(target);
            if (parsed.kind !== 'tenant') continue;
            url = upstreamUrl(BASE, parsed.rest, parsed.search);
          } catch (error) {
            expect(error, target).toBeInstanceOf(ApiError);
            expect((error as ApiError).status).toBe(400);
            continue;
          }
          accepted++;
          expect(url.origin, target).toBe('https://acme.teamdynamix.com');
          expect(url.pathname === '/TDWebApi' || url.pathname.startsWith('/TDWebApi/'), target).toBe(true);
          expect(url.username + url.password + url.hash, target).toBe('');
        }
      }
    }
    expect(accepted).toBeGreaterThan(100);
    // 13,824 targets: a few seconds on a busy machine.
  }, 30_000);
});

describe('relayedLocation', () => {
  const requested = new URL(`${BASE}/api/auth/loginsso`);

  it('sends a target inside the base back through the relay', () => {
    expect(relayedLocation('/TDWebApi/api/auth/x?y=1', requested, BASE, 'acme')).toBe(
      '/relay/acme/api/auth/x?y=1',
    );
    expect(relayedLocation(`${BASE}/api`, requested, BASE, 'acme')).toBe('/relay/acme/api');
    expect(relayedLocation('callback', requested, BASE, 'acme')).toBe('/relay/acme/api/auth/callback');
    expect(relayedLocation('/TDWebApi', requested, BASE, 'acme')).toBe('/relay/acme');
  });

  it('gives any other target as its absolute upstream URL', () => {
    expect(relayedLocation('/SBTDWebApi/x', requested, BASE, 'acme')).toBe(
      'https://acme.teamdynamix.com/SBTDWebApi/x',
    );
    expect(relayedLocation('https://login.example.edu/a', requested, BASE, 'acme')).toBe(
      'https://login.example.edu/a',
    );
    expect(relayedLocation('//evil.example/TDWebApi/x', requested, BASE, 'acme')).toBe(
      'https://evil.example/TDWebApi/x',
    );
    expect(relayedLocation('http://acme.teamdynamix.com/TDWebApi/x', requested, BASE, 'acme')).toBe(
      'http://acme.teamdynamix.com/TDWebApi/x',
    );
    expect(relayedLocation('https://u:p@acme.teamdynamix.com/TDWebApi/x', requested, BASE, 'acme')).toBe(
      'https://u:p@acme.teamdynamix.com/TDWebApi/x',
    );
    expect(relayedLocation('http://[bad', requested, BASE, 'acme')).toBeNull();
  });
});

/** Percent-encodes every UTF-8 byte of a text, upper or lower case hex. */
function encoded(text: string, lower = false): string {
  const hex = [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  return lower ? hex : hex.toUpperCase();
}

/** The ways one character can be spelled in a request target: as it is, encoded once or twice, any hex case. */
function spellingsOf(char: string): string[] {
  const once = encoded(char);
  return [char, once, encoded(char, true), once.replaceAll('%', '%25')];
}

const DOT_LIKE = ['.', '\uff0e', '\ufe52', '\u2024'].flatMap(spellingsOf);
const SEPARATOR_LIKE = ['/', '\\', '?', '#', '\uff0f', '\uff3c', '\uff1f', '\uff03']
  .flatMap(spellingsOf)
  .filter((spelling) => !['/', '?', '#'].includes(spelling));
const CONTROL_LIKE = [
  '\u0000',
  '\u0009',
  '\u000a',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u2029',
  '\u202e',
  '\u200b',
]
  .flatMap(spellingsOf)
  .filter((spelling) => spelling.startsWith('%'));
const SAFE_TEXT = fc.stringMatching(/^[A-Za-z0-9_~-]{1,6}$/);
const SAFE_SEGMENT = fc.oneof(
  SAFE_TEXT,
  fc.tuple(SAFE_TEXT, SAFE_TEXT).map(([a, b]) => `${a}.${b}`),
  fc.tuple(SAFE_TEXT, fc.constantFrom('%41', '%7e', '%20', '%C3%A9')).map(([a, b]) => a + b),
);

function refused(target: string): boolean {
  try {
    parseRelayTarget(target);
    return false;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    return true;
  }
}

describe('relay path rule (properties)', () => {
  const around = fc.tuple(fc.array(SAFE_SEGMENT, { maxLength: 2 }), fc.array(SAFE_SEGMENT, { maxLength: 2 }));
  const target = (before: string[], segment: string, after: string[]) =>
    `/relay/acme/${[...before, segment, ...after].join('/')}`;

  it('refuses a segment whose decoded or NFKC form is only dots (with or without ;parameters)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...DOT_LIKE), { minLength: 1, maxLength: 3 }),
        fc.constantFrom('', ';', ';x'),
        around,
        (dots, parameter, [before, after]) => refused(target(before, dots.join('') + parameter, after)),
      ),
      { numRuns: 500 },
    );
  });

  it('refuses a segment whose decoded or NFKC form holds a separator or a control, format or line-break character', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 4, unit: fc.constantFrom('a', 'B', '7', '-') }),
        fc.constantFrom(...SEPARATOR_LIKE, ...CONTROL_LIKE),
        fc.string({ maxLength: 4, unit: fc.constantFrom('a', 'B', '7', '-', '.') }),
        around,
        (head, bad, tail, [before, after]) => refused(target(before, head + bad + tail, after)),
      ),
      { numRuns: 500 },
    );
  });

  it('passes ordinary segments on exactly as sent', () => {
    fc.assert(
      fc.property(fc.array(SAFE_SEGMENT, { minLength: 1, maxLength: 4 }), (segments) => {
        expect(parseRelayTarget(`/relay/acme/${segments.join('/')}?q=1`)).toEqual({
          kind: 'tenant',
          name: 'acme',
          rest: segments.join('/'),
          search: '?q=1',
        });
      }),
      { numRuns: 300 },
    );
  });
});
