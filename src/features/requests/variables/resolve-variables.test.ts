import { describe, expect, it } from 'vitest';
import { MASKED_SECRET } from '@contract/secret-fields';
import { newQueryParam, type RequestForm } from '../form/request-form';
import { resolveForShowing, resolveVariables } from './resolve-variables';

const form = (change: Partial<RequestForm>): RequestForm => ({
  method: 'GET',
  path: 'people/lookup',
  pathValues: {},
  query: [],
  body: '',
  ...change,
});

describe('resolveVariables', () => {
  it('fills the path, path values, query values and the body, and leaves a form without variables as it is', () => {
    const plain = form({});
    expect(resolveVariables(plain, { appId: '31' })).toEqual({ ok: true, form: plain });
    const written = form({
      method: 'POST',
      path: '{{appId}}/tickets/{id}',
      pathValues: { id: '{{ticket}}' },
      query: [newQueryParam('searchText', '{{who}} x')],
      body: '{"ID": {{ticket}}, "Title": "for {{who}}"}',
    });
    const resolved = resolveVariables(written, { appId: '31', ticket: '7', who: 'a "quoted" \\ name' });
    if (!resolved.ok) throw new Error('not resolved');
    expect(resolved.form.path).toBe('31/tickets/{id}');
    expect(resolved.form.pathValues).toEqual({ id: '7' });
    expect(resolved.form.query[0]!.value).toBe('a "quoted" \\ name x');
    expect(JSON.parse(resolved.form.body)).toEqual({ ID: 7, Title: 'for a "quoted" \\ name' });
  });

  it('encodes a value in the path so that it cannot add a segment or a query', () => {
    const resolved = resolveVariables(form({ path: 'people/{{uid}}' }), { uid: 'a/b?c' });
    expect(resolved).toMatchObject({ ok: true, form: { path: 'people/a%2Fb%3Fc' } });
  });

  it('names each reference it cannot fill, field by field', () => {
    const row = newQueryParam('q', '{{missing}}');
    const resolved = resolveVariables(
      form({
        method: 'POST',
        path: '{{appId}}/tickets',
        query: [row, newQueryParam('{{name}}', 'x')],
        body: '{"Password": "{{pw}}", "Other": "{{$guid}}"}',
      }),
      { appId: '', pw: undefined as unknown as string },
    );
    expect(resolved.ok).toBe(false);
    if (resolved.ok) return;
    expect(resolved.errors.path).toBe(
      'The path uses {{appId}}, which is empty: give it a value under Variables.',
    );
    expect(resolved.errors.query?.[String(row.id)]?.value).toMatch(/\{\{missing\}\}, which has no value/);
    expect(Object.values(resolved.errors.query ?? {})[1]?.name).toMatch(/never in a name/);
    expect(resolved.errors.body).toMatch(/The body’s Password uses \{\{pw\}\}/);
    expect(resolved.errors.body).toMatch(
      /The body’s Other uses \{\{\$guid\}\}, which is not a variable’s name/,
    );
  });

  it('does not read a name from the prototype, nor fill a value twice', () => {
    expect(resolveVariables(form({ path: '{{constructor}}/x' }), {}).ok).toBe(false);
    const resolved = resolveVariables(form({ path: 'x/{{a}}' }), { a: '{{b}}', b: 'no' });
    expect(resolved).toMatchObject({ ok: true, form: { path: 'x/%7B%7Bb%7D%7D' } });
  });

  it('shows a secret-named variable as the mask and every other as its value', () => {
    const written = form({ method: 'POST', path: '{{appId}}/x', body: '{"Key": "{{apiSecret}}"}' });
    const shown = resolveForShowing(written, { appId: '31', apiSecret: 'hunter2' });
    expect(shown.path).toBe('31/x');
    expect(shown.body).toBe(`{"Key": "${MASKED_SECRET}"}`);
  });
});
