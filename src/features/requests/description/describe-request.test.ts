import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MASKED_SECRET } from '@contract/secret-fields';
import { buildRequest, newQueryParam, type RequestForm } from '../form/request-form';
import type * as RequestFormModule from '../form/request-form';
import { describeRequest, type DescribeContext } from './describe-request';

vi.mock('../form/request-form', async (actual) => {
  const real = await actual<typeof RequestFormModule>();
  return { ...real, buildRequest: vi.fn(real.buildRequest) };
});

const CONTEXT: DescribeContext = {
  base: '/TDWebApi',
  bases: { own: 'https://console.example.edu/TDWebApi', accepted: ['https://console.example.edu/TDWebApi'] },
  variables: {},
};

const form = (change: Partial<RequestForm>): RequestForm => ({
  method: 'GET',
  path: 'people/lookup',
  pathValues: {},
  query: [],
  body: '',
  ...change,
});

beforeEach(() => {
  vi.mocked(buildRequest).mockClear();
});

describe('describeRequest', () => {
  it('builds a form once: every later call with it gets the same description', () => {
    const written = form({ query: [newQueryParam('searchText', 'doe')] });
    const first = describeRequest(written, CONTEXT);
    expect(describeRequest(written, CONTEXT)).toBe(first);
    expect(describeRequest(written, { ...CONTEXT, bases: { ...CONTEXT.bases } })).toBe(first);
    expect(buildRequest).toHaveBeenCalledTimes(1);
    expect(first).toMatchObject({
      ready: true,
      request: { method: 'GET', path: '/api/people/lookup?searchText=doe' },
    });
  });

  it('builds again for a changed form, and for another connection', () => {
    const written = form({});
    describeRequest(written, CONTEXT);
    describeRequest({ ...written, path: 'people/lookup2' }, CONTEXT);
    describeRequest(written, { ...CONTEXT, base: '/SBTDWebApi' });
    expect(buildRequest).toHaveBeenCalledTimes(3);
  });

  it('reads a query typed into the path once: the settled form it leaves has the same description', () => {
    const typed = form({ path: 'people/lookup?searchText=doe' });
    const description = describeRequest(typed, CONTEXT);
    expect(description.form).not.toBe(typed);
    expect(description.form.path).toBe('people/lookup');
    expect(describeRequest(description.form, CONTEXT)).toBe(description);
    expect(buildRequest).toHaveBeenCalledTimes(1);
  });

  it('keeps the request masked for everything that keeps or shows it, and the one sent as written', () => {
    const written = form({
      method: 'POST',
      path: 'integrations/webhook?token=s3cret',
      body: '{"Password":"hunter2","Name":"x"}',
    });
    const description = describeRequest(written, CONTEXT);
    if (!description.ready) throw new Error('not ready');
    expect(description.request).toEqual({
      method: 'POST',
      path: '/api/integrations/webhook?token=s3cret',
      bodyText: '{"Password":"hunter2","Name":"x"}',
    });
    expect(description.kept.masked).toBe(true);
    expect(JSON.stringify(description.kept)).not.toMatch(/s3cret|hunter2/);
    expect(description.kept.request.path).toBe(
      `/api/integrations/webhook?token=${encodeURIComponent(MASKED_SECRET)}`,
    );
    expect(description.kept.form.query[0]!.value).toBe(MASKED_SECRET);
  });

  it('keeps what a form that cannot be sent would be kept as, masked, with why it cannot be sent', () => {
    const other = form({ path: 'https://other.example.edu/TDWebApi/api/x?token=s3cret' });
    const refused = describeRequest(other, CONTEXT);
    expect(refused).toMatchObject({ ready: false, form: other, errors: { path: /^That URL is for/ } });
    expect(JSON.stringify(refused.kept)).not.toContain('s3cret');
    expect(refused.kept.masked).toBe(true);

    const empty = describeRequest(form({ path: 'people/{uid}' }), CONTEXT);
    expect(empty).toMatchObject({ ready: false, errors: { pathValues: { uid: 'Fill in uid.' } } });
    expect(empty.kept.form).toBe(empty.form);
  });
});

describe('describeRequest with variables', () => {
  const withVariables = (variables: Record<string, string>): DescribeContext => ({ ...CONTEXT, variables });

  it('sends the values, shows a secret-named one masked and keeps only the names', () => {
    const written = form({
      method: 'POST',
      path: '{{appId}}/tickets',
      body: '{"Title": "{{title}}", "Password": "{{userPassword}}"}',
    });
    const description = describeRequest(
      written,
      withVariables({ appId: '31', title: 'Hi', userPassword: 'hunter2' }),
    );
    if (!description.ready) throw new Error('not ready');
    expect(description.request.path).toBe('/api/31/tickets');
    expect(JSON.parse(description.request.bodyText!)).toEqual({ Title: 'Hi', Password: 'hunter2' });
    expect(description.shown.path).toBe('/api/31/tickets');
    expect(description.shown.bodyText).not.toContain('hunter2');
    expect(description.kept.request.path).toBe('/api/{{appId}}/tickets');
    expect(JSON.stringify(description.kept)).not.toMatch(/hunter2|"Hi"/);
  });

  it('describes again when a variable changes, and refuses a reference with no value naming it', () => {
    const written = form({ path: '{{appId}}/tickets/1' });
    const refused = describeRequest(written, withVariables({}));
    expect(refused).toMatchObject({ ready: false, errors: { path: /\{\{appId\}\}, which has no value/ } });
    expect(describeRequest(written, withVariables({ appId: '31' }))).toMatchObject({
      ready: true,
      request: { path: '/api/31/tickets/1' },
    });
  });

  it('refuses an imported <redacted> naming its field', () => {
    const refused = describeRequest(
      form({ method: 'POST', path: 'auth', body: `{"UserName": "a", "Password": "${MASKED_SECRET}"}` }),
      CONTEXT,
    );
    expect(refused).toMatchObject({
      ready: false,
      errors: { body: /^The body’s Password holds <redacted>/ },
    });
  });

  it('says where a filled body is not JSON without showing the value', () => {
    const refused = describeRequest(
      form({ method: 'POST', path: 'x', body: '{"ID": {{id}}}' }),
      withVariables({ id: 'not a number' }),
    );
    expect(refused).toMatchObject({ ready: false, errors: { body: /once \{\{id\}\} is filled in/ } });
    expect(JSON.stringify(refused)).not.toContain('not a number');
  });
});
