import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readTarget, type TargetBases } from './read-target';

const HERE: TargetBases = {
  own: 'https://console.example.edu/TDWebApi',
  accepted: ['https://console.example.edu/TDWebApi'],
};
const RELAYED: TargetBases = {
  own: 'https://acme.teamdynamix.com/TDWebApi',
  accepted: ['https://console.example.edu/relay/acme', 'https://acme.teamdynamix.com/TDWebApi'],
};

describe('readTarget', () => {
  it.each([
    ['people/lookup', 'people/lookup'],
    ['/api/people/lookup', 'people/lookup'],
    ['api/auth/getuser', 'auth/getuser'],
    ['  /people/{uid}  ', 'people/{uid}'],
    ['/TDWebApi/api/people/lookup', 'people/lookup'],
    ['https://console.example.edu/TDWebApi/api/people/{uid}', 'people/{uid}'],
    ['https://CONSOLE.example.edu/tdwebapi/api/people/x#frag', 'people/x'],
  ])('reads %j as the path %j, leaving the rows alone', (text, path) => {
    expect(readTarget(text, HERE)).toEqual({ ok: true, path, query: null });
  });

  it('splits the query into rows: repeated names kept, escapes decoded once, + as a space', () => {
    expect(
      readTarget(
        'https://console.example.edu/TDWebApi/api/people/lookup?searchText=smith%20j&maxResults=5&x=a&x=b%2541&y=&q=a+b',
        HERE,
      ),
    ).toEqual({
      ok: true,
      path: 'people/lookup',
      query: [
        { name: 'searchText', value: 'smith j' },
        { name: 'maxResults', value: '5' },
        { name: 'x', value: 'a' },
        { name: 'x', value: 'b%41' },
        { name: 'y', value: '' },
        { name: 'q', value: 'a b' },
      ],
    });
    expect(readTarget('people/lookup?', HERE)).toEqual({ ok: true, path: 'people/lookup', query: [] });
  });

  it('takes a relayed tenant’s own URL and this server’s relay path alike', () => {
    const expected = { ok: true, path: 'people/lookup', query: [{ name: 'searchText', value: 'x' }] };
    expect(
      readTarget('https://acme.teamdynamix.com/TDWebApi/api/people/lookup?searchText=x', RELAYED),
    ).toEqual(expected);
    expect(
      readTarget('https://console.example.edu/relay/acme/api/people/lookup?searchText=x', RELAYED),
    ).toEqual(expected);
    expect(readTarget('/TDWebApi/api/people/lookup?searchText=x', RELAYED)).toEqual(expected);
  });

  it.each([
    ['https://other.teamdynamix.com/TDWebApi/api/people', 'https://other.teamdynamix.com/TDWebApi'],
    ['http://console.example.edu/TDWebApi/api/auth', 'http://console.example.edu/TDWebApi'],
    ['https://console.example.edu/TDWebApi/idp/me', 'https://console.example.edu/TDWebApi/idp/me'],
  ])('refuses %j, naming its base %j and the session’s', (text, theirs) => {
    expect(readTarget(text, HERE)).toEqual({
      ok: false,
      message: `That URL is for ${theirs}, but this session is signed in to https://console.example.edu/TDWebApi: a token goes only to its own connection.`,
    });
  });

  it.each([
    [
      'https://console.example.edu/SBTDWebApi/api/people/lookup?searchText=x',
      'https://console.example.edu/SBTDWebApi',
    ],
    ['/SBTDWebApi/api/people/lookup?searchText=x', '/SBTDWebApi'],
  ])(
    'refuses %j, of the same tenant’s other base, and offers its path on this connection',
    (text, theirs) => {
      expect(readTarget(text, HERE)).toEqual({
        ok: false,
        message: `That URL is for ${theirs}, but this session is signed in to https://console.example.edu/TDWebApi: a token goes only to its own connection.`,
        instead: { path: 'people/lookup', query: [{ name: 'searchText', value: 'x' }] },
      });
    },
  );

  it('offers a relayed sandbox the path of its tenant’s production URL, and nothing of another tenant', () => {
    const sandbox: TargetBases = {
      own: 'https://acme.teamdynamix.com/SBTDWebApi',
      accepted: ['https://console.example.edu/relay/acme-sb', 'https://acme.teamdynamix.com/SBTDWebApi'],
    };
    expect(readTarget('https://acme.teamdynamix.com/TDWebApi/api/tickets/{id}', sandbox)).toMatchObject({
      ok: false,
      instead: { path: 'tickets/{id}', query: null },
    });
    expect(readTarget('https://beta.teamdynamix.com/TDWebApi/api/tickets/1', sandbox)).not.toHaveProperty(
      'instead',
    );
    expect(readTarget('https://acme.teamdynamix.com/TDWebApi/idp/me', sandbox)).not.toHaveProperty('instead');
  });

  it('refuses another tenant when relayed, naming both', () => {
    expect(readTarget('https://beta.teamdynamix.com/TDWebApi/api/people', RELAYED)).toEqual({
      ok: false,
      message:
        'That URL is for https://beta.teamdynamix.com/TDWebApi, but this session is signed in to https://acme.teamdynamix.com/TDWebApi: a token goes only to its own connection.',
    });
  });

  const word = fc.string({ minLength: 1, maxLength: 12 });
  it('property: any rows written into a URL come back as they were, in order', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(word, fc.string({ maxLength: 12 })), { maxLength: 6 }), (rows) => {
        const search = rows.map(([n, v]) => `${encodeURIComponent(n)}=${encodeURIComponent(v)}`).join('&');
        const read = readTarget(`${HERE.own}/api/people/lookup?${search}`, HERE);
        expect(read).toEqual({
          ok: true,
          path: 'people/lookup',
          query: rows.map(([name, value]) => ({ name, value })),
        });
      }),
      { numRuns: 300 },
    );
  });

  it('property: never throws; what it accepts holds no query or fragment', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.webUrl({ withQueryParameters: true, withFragments: true })),
        (text) => {
          const read = readTarget(text, RELAYED);
          if (read.ok) expect(read.path).not.toMatch(/[?#]/);
        },
      ),
      { numRuns: 500 },
    );
  });
});
