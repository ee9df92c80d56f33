import { describe, expect, it } from 'vitest';
import type { DescribeContext, RequestForm } from '@/features/requests/public';
import { JobScriptError } from './job-script-spec';
import { pythonJobScript } from './python-job-script';
import { specFromJob, type JobTarget } from './spec-from-job';

const CONTEXT: DescribeContext = {
  base: '/TDWebApi',
  bases: { own: 'https://console.example.edu/TDWebApi', accepted: ['https://console.example.edu/TDWebApi'] },
  variables: { appId: '31', status: 'New', uid: 'organization-uid', ApiPassword: 'hunter2' },
};

const TARGET: JobTarget = {
  baseUrl: 'https://acme.teamdynamix.com/TDWebApi',
  signIn: 'admin-key',
  connection: 'Acme (production)',
  answerFields: ['ID', 'Title'],
};

const form = (change: Partial<RequestForm>): RequestForm => ({
  method: 'POST',
  path: '{{appId}}/tickets/{id}',
  pathValues: { id: '{{ticket}}' },
  query: [
    { id: 1, name: 'notifyRequestor', value: 'false' },
    { id: 2, name: 'note', value: '{{uid}} & {{status}}' },
  ],
  body: '{"Title": "{{title}}", "StatusID": {{statusId}}, "Status": "{{status}}"}',
  ...change,
});

describe('specFromJob', () => {
  it('fills the organization’s variables, leaves each column as {{column}} and keeps the target', () => {
    const columns = ['ticket', 'title', 'statusId', 'uid'];
    expect(specFromJob(form({}), columns, CONTEXT, TARGET)).toEqual({
      baseUrl: 'https://acme.teamdynamix.com/TDWebApi',
      signIn: 'admin-key',
      method: 'POST',
      path: '/api/31/tickets/{{ticket}}',
      query: [
        { name: 'notifyRequestor', value: 'false' },
        // A column over an organization's variable of the same name, as a run does.
        { name: 'note', value: '{{uid}} & New' },
      ],
      body: '{"Title": "{{title}}", "StatusID": {{statusId}}, "Status": "New"}',
      columns,
      answerFields: ['ID', 'Title'],
      connection: 'Acme (production)',
    });
  });

  it('writes no secret variable into a script: a form that uses one cannot be exported', () => {
    const secret = form({ query: [{ id: 1, name: 'key', value: '{{ApiPassword}}' }] });
    const columns = ['ticket', 'title', 'statusId'];
    expect(() => specFromJob(secret, columns, CONTEXT, TARGET)).toThrow(
      new JobScriptError(
        'The request uses {{ApiPassword}}, a secret variable: a script holds no secret. Make it a column of the rows instead.',
      ),
    );
  });

  it('says why a form that cannot be sent cannot be exported', () => {
    expect(() => specFromJob(form({ body: '{"Title": ' }), ['ticket'], CONTEXT, TARGET)).toThrow(
      JobScriptError,
    );
  });

  it('makes a script that names the columns and holds none of the organization’s secrets', () => {
    const columns = ['ticket', 'title', 'statusId'];
    const script = pythonJobScript(specFromJob(form({}), columns, CONTEXT, TARGET));
    expect(script).toContain('https://acme.teamdynamix.com/TDWebApi');
    for (const column of columns) expect(script).toContain(column);
    expect(script).not.toContain('hunter2');
  });
});
