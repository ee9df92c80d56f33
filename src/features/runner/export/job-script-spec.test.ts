// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { JobScriptError, prepareJob, type JobScriptSpec } from './job-script-spec';

const SPEC: JobScriptSpec = {
  baseUrl: 'https://acme.teamdynamix.com/TDWebApi/',
  signIn: 'password',
  method: 'GET',
  path: '/api/{{app}}/tickets/{{id}}',
  query: [{ name: 'note', value: '{{id}} of {{app id}}' }],
  body: null,
  columns: ['id', 'app', 'app id', 'Password', 'unused'],
  answerFields: ['ID', 'Title', 'AccessToken'],
  connection: 'Acme\r\nproduction\u2028(sandbox)',
};

describe('prepareJob', () => {
  it('lists the columns used longest first, the secret-named columns and fields, and one line for the connection', () => {
    const job = prepareJob(SPEC);
    expect(job.base).toBe('https://acme.teamdynamix.com/TDWebApi');
    expect(job.referenced).toEqual(['app id', 'app', 'id']);
    expect(job.secretNames).toEqual(['Password', 'AccessToken']);
    expect(job.connection).toBe('Acme  production (sandbox)');
  });

  it.each([
    [{ path: '/api/{{ID}}' }, '{{ID}} is not a column of the CSV: every {{…}} must name one.'],
    [{ query: [{ name: 'q', value: '{{id}} {{nope' }] }, '{{nope is not a column of the CSV'],
    [{ body: '{"Title": "{{title}}"}' }, '{{title}} is not a column'],
    [{ query: [{ name: '{{id}}', value: '1' }] }, 'only its value may use {{column}}'],
    [{ path: 'api/x' }, 'The path starts with /'],
    [{ path: '/api/x?y=1' }, 'the query has its own list'],
    [{ columns: ['id', 'app', 'id'] }, 'Each column of the CSV needs a name of its own.'],
    [{ baseUrl: 'acme.teamdynamix.com' }, 'is not a URL'],
    [{ baseUrl: 'ftp://acme/TDWebApi' }, 'must be http(s)'],
    [{ baseUrl: 'https://user:pw@acme/TDWebApi' }, 'must be http(s)'],
    [{ method: 'HEAD' as never }, 'HEAD is not a Web API method.'],
    [{ body: '{"password": "{{id}}" trailing' }, 'is not JSON, so its secret cannot be left out'],
  ])('refuses %j in words', (change, message) => {
    expect(() => prepareJob({ ...SPEC, ...change })).toThrow(JobScriptError);
    expect(() => prepareJob({ ...SPEC, ...change })).toThrow(message);
  });

  it('masks a literal secret in the query and the body, and keeps one read from a column', () => {
    const job = prepareJob({
      ...SPEC,
      method: 'POST',
      query: [
        { name: 'api_key', value: 'literal' },
        { name: 'token', value: '{{Password}}' },
        { name: 'secret', value: '' },
      ],
      body: '{"A": {{id}}}',
    });
    expect(job.query).toEqual([
      { name: 'api_key', value: '<redacted>' },
      { name: 'token', value: '{{Password}}' },
      { name: 'secret', value: '' },
    ]);
    // Not JSON, yet nothing in it says secret: kept as written.
    expect(job.body).toBe('{"A": {{id}}}');
  });
});
