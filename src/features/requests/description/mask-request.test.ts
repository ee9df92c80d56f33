import { describe, expect, it } from 'vitest';
import { MASKED_SECRET } from '@contract/secret-fields';
import { newQueryParam, type RequestForm } from '../form/request-form';
import { maskForm } from './mask-request';

const MASK = encodeURIComponent(MASKED_SECRET);

const form = (change: Partial<RequestForm>): RequestForm => ({
  method: 'POST',
  path: 'integrations/webhook',
  pathValues: {},
  query: [],
  body: '',
  ...change,
});

describe('maskForm', () => {
  it('masks a secret-named query value typed into the path, as it masks the same query in the rows', () => {
    const typed = maskForm(form({ path: 'integrations/webhook?token=s3cret&tag=a%20b&tag=c+d' }));
    expect(typed).toEqual({
      form: form({ path: `integrations/webhook?token=${MASK}&tag=a%20b&tag=c+d` }),
      masked: true,
    });
    const rows = maskForm(form({ query: [newQueryParam('token', 's3cret')] }));
    expect(rows.form.query[0]!.value).toBe(MASKED_SECRET);
  });

  it('masks the query of a whole URL in the path, and its fragment, by the one rule, whatever the spelling', () => {
    const url =
      'https://tenant.example.edu/TDWebApi/api/x?api_key=k1&keyword=kept&X-Access-Token=t1#access_token=f1';
    const kept = maskForm(form({ path: url })).form.path;
    expect(kept).toBe(
      `https://tenant.example.edu/TDWebApi/api/x?api_key=${MASK}&keyword=kept&X-Access-Token=${MASK}#access_token=${MASK}`,
    );
    expect(maskForm(form({ path: 'x?pass%77ord=p1&to+ken=kept' })).form.path).toBe(
      `x?pass%77ord=${MASK}&to+ken=kept`,
    );
  });

  it('keeps the same form, unmasked, when nothing says secret, and an empty secret value as it is', () => {
    const plain = form({ path: 'people/lookup?searchText=doe&token=', query: [newQueryParam('tag', 'a')] });
    expect(maskForm(plain)).toEqual({ form: plain, masked: false });
    expect(maskForm(plain).form).toBe(plain);
  });

  it('marks a form whose secret was masked before, and changes nothing in it', () => {
    const before = form({ path: `integrations/webhook?token=${MASK}` });
    expect(maskForm(before)).toEqual({ form: before, masked: true });
    expect(maskForm(before).form).toBe(before);
  });
});
