import { describe, expect, it } from 'vitest';
import { demoSecrets, findLeaks } from './log-leaks.ts';

const BANNER = [
  '',
  '  Auth Console and Web API emulator: http://127.0.0.1:4000/',
  '  API base URL:   http://127.0.0.1:4000/TDWebApi/',
  '',
  '  Demo sign-ins (realm server/realm/demo.json):',
  '    jdoe@example.edu     / Tdx-demo-2026   active, TDPeople + TDTickets',
  '    Example University   5d4e3f2a-1b0c-4d9e-8f7a-6b5c4d3e2f10 / 9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d   active',
  '    jane   / Sso-demo-2026   -> jdoe@example.edu',
  '',
].join('\n');
const CLEAN =
  '{"level":"info","msg":"request","method":"POST","path":"/TDWebApi/api/auth/login","status":200}';
const COOKIE = { kind: 'an SSO cookie value', value: 'k3J9x0aQ-opaque-session-id-value' };

describe('the server-output leak check', () => {
  it('knows the demo secrets', () => {
    const values = demoSecrets().map((secret) => secret.value);
    expect(values).toEqual(
      expect.arrayContaining([
        'Tdx-demo-2026',
        'Sso-demo-2026',
        '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
        '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      ]),
    );
  });

  it('passes clean output, banner included', () => {
    expect(findLeaks(`${BANNER}\n${CLEAN}\n${CLEAN}\n`, [...demoSecrets(), COOKIE])).toEqual([]);
  });

  it.each([
    ['a demo password', '{"msg":"sso: sign-in failed for Tdx-demo-2026"}'],
    ['a demo WebServicesKey', '{"msg":"loginadmin 9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d"}'],
    ['the demo SSO password', 'idp: login jane Sso-demo-2026'],
    ['a JWT', '{"path":"/x","auth":"Bearer eyJhbGciOiJSUzI1NiJ9.eyJ1bmlxdWVfbmFtZSI6Impkb2UifQ.c2ln"}'],
    ['an SSO cookie value', `{"msg":"cookie ${COOKIE.value}"}`],
  ])('finds %s after the banner, by line', (kind, leaking) => {
    const output = `${BANNER}\n${CLEAN}\n${leaking}\n${CLEAN}\n`;
    expect(findLeaks(output, [...demoSecrets(), COOKIE])).toEqual([
      { line: BANNER.split('\n').length + 2, kind },
    ]);
  });

  it('finds a provider id left in a logged path, by where it stands, whatever it looks like', () => {
    const line = (path: string) => JSON.stringify({ level: 30, msg: 'request', method: 'GET', path });
    const digitFree = 'oYqryJOgyZfxwKqfsoFFuWHzQjWwj-OurkEqCzabcde';
    const output = [
      line('/idp/interaction/:id/login'),
      line(`/idp/interaction/${digitFree}/login`),
      line(`/idp/auth/${digitFree}`),
      line('/idp/auth'),
      line('/idp/token'),
      line(`/IDP/Interaction/${digitFree}`),
    ].join('\n');
    expect(findLeaks(output, [])).toEqual([
      { line: 2, kind: 'a provider id in a logged path' },
      { line: 3, kind: 'a provider id in a logged path' },
      { line: 6, kind: 'a provider id in a logged path' },
    ]);
  });

  it('finds a secret in indented output that is not the banner', () => {
    expect(findLeaks(`${CLEAN}\n    at Tdx-demo-2026\n`, demoSecrets())).toEqual([
      { line: 2, kind: 'a demo password' },
    ]);
  });
});
