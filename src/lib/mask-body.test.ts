import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, maskBody } from './mask-body';
import { MASKED_SECRET } from '@contract/secret-fields';

describe('maskBody', () => {
  it('masks password and WebServicesKey in any letter case, at any depth, whatever their value', () => {
    const body = JSON.stringify({
      UserName: 'jdoe',
      PASSWORD: 'hunter2',
      nested: [{ webserviceskey: { guid: 'k-e-y' } }, { Password: 7 }],
      passwords: 'kept: not the field',
    });
    const { text, masked } = maskBody(body);
    expect(masked).toBe(true);
    expect(JSON.parse(text)).toEqual({
      UserName: 'jdoe',
      PASSWORD: MASKED_SECRET,
      nested: [{ webserviceskey: MASKED_SECRET }, { Password: MASKED_SECRET }],
      passwords: 'kept: not the field',
    });
  });

  it('masks every value whose name says secret: tokens and keys too, keywords not', () => {
    const body = JSON.stringify({
      token: 't',
      api_key: 'k',
      clientSecret: 's',
      keyword: 'kept',
      monkey: 'kept',
    });
    expect(JSON.parse(maskBody(body).text)).toEqual({
      token: MASKED_SECRET,
      api_key: MASKED_SECRET,
      clientSecret: MASKED_SECRET,
      keyword: 'kept',
      monkey: 'kept',
    });
  });

  it(`reads a body nested deeper than ${MAX_JSON_DEPTH} as one it cannot parse, without running out of stack`, () => {
    const deep = (inner: string, depth: number) => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
    expect(maskBody(deep('{"password":"p"}', 100_000))).toEqual({ text: MASKED_SECRET, masked: true });
    const plain = deep('1', 100_000);
    expect(maskBody(plain)).toEqual({ text: plain, masked: false });
    expect(JSON.parse(maskBody(deep('{"password":"p"}', MAX_JSON_DEPTH - 1)).text)).toEqual(
      JSON.parse(deep(`{"password":"${MASKED_SECRET}"}`, MAX_JSON_DEPTH - 1)),
    );
  });

  it.each([
    ['a JSON body without secrets', '{\n  "a": 1\n}'],
    ['a JSON body without secrets, spaced its own way', '{ "FirstName": "Ann" }'],
    ['a body that is not JSON and names no secret', 'a=1&b=2'],
    ['an empty body', ''],
    ['a blank body', '  \n'],
    ['a body whose secret is already the mask', `{"password":"${MASKED_SECRET}"}`],
  ])('keeps %s exactly as written', (_name, body) => {
    expect(maskBody(body)).toEqual({ text: body, masked: false });
  });

  it.each([
    ['form data', 'password=hunter2&x'],
    ['broken JSON', '{"password": "x", '],
    ['broken JSON with the key', '{"WebServicesKey": "k"'],
  ])('masks the whole of %s that names a secret: it cannot be read to mask only the value', (_name, body) => {
    expect(maskBody(body)).toEqual({ text: MASKED_SECRET, masked: true });
  });

  it('keeps the layout of a masked body: indented stays indented, one line stays one line', () => {
    expect(maskBody('{\n  "password": "x"\n}').text).toBe(`{\n  "password": "${MASKED_SECRET}"\n}`);
    expect(maskBody('{"password":"x"}').text).toBe(`{"password":"${MASKED_SECRET}"}`);
  });

  it('indents a masked body when asked, as the history keeps it', () => {
    expect(maskBody('{"password":"x"}', 2).text).toBe(`{\n  "password": "${MASKED_SECRET}"\n}`);
    expect(maskBody('{"a":1}', 2).text).toBe('{"a":1}');
  });

  it('keeps a "__proto__" field as a field when it masks the body', () => {
    expect(JSON.parse(maskBody('{"__proto__":{"x":1},"password":"p"}').text)).toEqual(
      JSON.parse(`{"__proto__":{"x":1},"password":"${MASKED_SECRET}"}`),
    );
  });
});

describe('maskBody keeps', () => {
  it('spares a secret-named value that keeps accepts, and masks the rest', () => {
    const body = JSON.stringify({ password: '{{pw}}', token: 'abc', Inner: { WebServicesKey: '{{key}}' } });
    const keeps = (value: unknown) => typeof value === 'string' && value.startsWith('{{');
    expect(JSON.parse(maskBody(body, 2, keeps).text)).toEqual({
      password: '{{pw}}',
      token: MASKED_SECRET,
      Inner: { WebServicesKey: '{{key}}' },
    });
  });
});
