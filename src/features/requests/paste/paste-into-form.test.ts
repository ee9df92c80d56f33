import { describe, expect, it } from 'vitest';
import { GET_USER_FORM, FORM_LIMITS } from '../form/request-form';
import { NOTES_LISTED, pasteCommand, pasteTarget } from './paste-into-form';

const BASES = { own: 'https://a.example/TDWebApi', accepted: ['https://a.example/TDWebApi'] };

describe('pasteCommand', () => {
  it(`lists each note once, at most ${NOTES_LISTED} of them, and counts the rest`, () => {
    const options = Array.from({ length: 5_000 }, (_, i) => `--odd-${i} -H 'X-Same: 1'`).join(' ');
    const pasted = pasteCommand(`curl ${options} https://a.example/TDWebApi/api/x`, BASES);
    if (!pasted.ok) throw new Error(pasted.message);
    expect(pasted.notes).toEqual([
      'Read with bash quoting.',
      'The header X-Same was left out: the console sends only its own headers.',
      ...Array.from({ length: NOTES_LISTED - 1 }, (_, i) => `Not read: --odd-${i}.`),
      `And ${5_000 - NOTES_LISTED + 1} more notes like these.`,
    ]);
  });

  it(`fills up to ${FORM_LIMITS.queryRows} query rows and refuses more, from the URL and -G data together`, () => {
    const params = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `p${from + i}=v`).join('&');
    const url = (n: number) => `https://a.example/TDWebApi/api/x?${params(n)}`;
    const atLimit = pasteCommand(`curl -G -d '${params(50, 50)}' '${url(50)}'`, BASES);
    expect(atLimit.ok && atLimit.form.query.length).toBe(FORM_LIMITS.queryRows);
    expect(pasteCommand(`curl -G -d '${params(51, 50)}' '${url(50)}'`, BASES)).toEqual({
      ok: false,
      message: `The command has more than ${FORM_LIMITS.queryRows} query parameters, the most the form holds: nothing was filled in.`,
    });
  });
});

describe('pasteCommand with PowerShell', () => {
  it('fills the form from an Invoke-RestMethod, a GET’s hashtable body as rows, saying how it was read', () => {
    const pasted = pasteCommand(
      `# Connection: A\n$q = @{ searchText = 'smith'; maxResults = 5 }\nInvoke-RestMethod -Uri 'https://a.example/TDWebApi/api/people/lookup?active=1' -Headers @{ Authorization = 'Bearer x' } -Body $q`,
      BASES,
    );
    expect(pasted).toMatchObject({
      ok: true,
      form: {
        method: 'GET',
        path: 'people/lookup',
        body: '',
        query: [
          { name: 'active', value: '1' },
          { name: 'searchText', value: 'smith' },
          { name: 'maxResults', value: '5' },
        ],
      },
      notes: [
        'Read as PowerShell’s Invoke-RestMethod.',
        'The Authorization header was left out: the session’s token is used.',
      ],
    });
  });

  it('says what it reads when a paste is neither', () => {
    expect(pasteCommand('wget https://a.example/TDWebApi/api/x', BASES)).toEqual({
      ok: false,
      message:
        'That is neither a curl command nor a PowerShell call of Invoke-RestMethod or Invoke-WebRequest.',
    });
  });
});

describe('pasteTarget', () => {
  it('reads a line of the API’s documentation as its method and path', () => {
    const form = { ...GET_USER_FORM, method: 'DELETE' as const };
    expect(pasteTarget(form, 'GET /api/{appId}/tickets/{id}', BASES)).toEqual({
      ok: true,
      form: { ...form, method: 'GET', path: '{appId}/tickets/{id}' },
      notes: [],
    });
    expect(
      pasteTarget(form, '  post https://a.example/TDWebApi/api/{appId}/tickets/search  ', BASES),
    ).toMatchObject({
      ok: true,
      form: { method: 'POST', path: '{appId}/tickets/search' },
    });
    // A method the form does not send is not read as one.
    expect(pasteTarget(form, 'HEAD /api/people', BASES)).toMatchObject({
      ok: true,
      form: { method: 'DELETE' },
    });
  });

  it(`refuses a URL with more than ${FORM_LIMITS.queryRows} query parameters or ${FORM_LIMITS.pathParameters} path parameters`, () => {
    const query = Array.from({ length: 20_000 }, (_, i) => `p${i}=v`).join('&');
    expect(pasteTarget(GET_USER_FORM, `/api/x?${query}`, BASES)).toEqual({
      ok: false,
      message: `That has more than ${FORM_LIMITS.queryRows} query parameters, the most the form holds: nothing was filled in.`,
    });
    const path = Array.from({ length: FORM_LIMITS.pathParameters + 1 }, (_, i) => `{p${i}}`).join('/');
    expect(pasteTarget(GET_USER_FORM, `/api/${path}`, BASES)).toEqual({
      ok: false,
      message: `That has more than ${FORM_LIMITS.pathParameters} path parameters, the most the form holds: nothing was filled in.`,
    });
  });
});

describe('a URL of the same tenant’s other connection', () => {
  it('is refused, with the form its path would fill on this connection offered instead', () => {
    const url = 'https://a.example/SBTDWebApi/api/people/lookup?searchText=doe';
    const target = pasteTarget(GET_USER_FORM, url, BASES);
    if (target.ok || !target.instead) throw new Error('no offer');
    expect(target.message).toContain('https://a.example/SBTDWebApi');
    expect(target.instead.form).toMatchObject({
      method: 'GET',
      path: 'people/lookup',
      query: [{ name: 'searchText', value: 'doe' }],
    });

    const command = pasteCommand(`curl -X POST ${url} -d '{"a":1}'`, BASES);
    if (command.ok || !command.instead) throw new Error('no offer');
    expect(command.instead.form).toMatchObject({ method: 'POST', path: 'people/lookup', body: '{"a":1}' });
  });

  it('keeps a documentation line’s method in the offer, and offers nothing for another tenant', () => {
    const line = pasteTarget(GET_USER_FORM, 'DELETE /SBTDWebApi/api/people/{uid}', BASES);
    if (line.ok || !line.instead) throw new Error('no offer');
    expect(line.instead.form).toMatchObject({ method: 'DELETE', path: 'people/{uid}' });
    expect(pasteTarget(GET_USER_FORM, 'https://b.example/SBTDWebApi/api/people', BASES)).not.toHaveProperty(
      'instead',
    );
  });
});
