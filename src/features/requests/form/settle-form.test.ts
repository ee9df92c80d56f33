import { describe, expect, it } from 'vitest';
import { buildRequest, GET_USER_FORM, newQueryParam, type RequestForm } from './request-form';
import { holdsTarget, settleForm } from './settle-form';

const bases = {
  own: 'https://console.example.edu/TDWebApi',
  accepted: ['https://console.example.edu/TDWebApi'],
};
const form = (change: Partial<RequestForm>): RequestForm => ({ ...GET_USER_FORM, ...change });

describe('settleForm', () => {
  it('leaves a plain path as it is: the same form', () => {
    const plain = form({ path: 'people/lookup', query: [newQueryParam('searchText', 'x')] });
    expect(holdsTarget(plain.path)).toBe(false);
    expect(settleForm(plain, bases)).toEqual({ ok: true, form: plain, notes: [] });
  });

  it('reads a query typed into the path into the rows, as a paste would', () => {
    const settled = settleForm(form({ path: 'people/lookup?searchText=smith&maxResults=5' }), bases);
    expect(settled.ok && settled.form.path).toBe('people/lookup');
    expect(settled.ok && settled.form.query.map(({ name, value }) => [name, value])).toEqual([
      ['searchText', 'smith'],
      ['maxResults', '5'],
    ]);
  });

  it('reads a URL of the connection, and refuses another one, saying why', () => {
    const own = settleForm(form({ path: 'https://console.example.edu/TDWebApi/api/auth/getuser' }), bases);
    expect(own.ok && own.form.path).toBe('auth/getuser');
    const other = settleForm(form({ path: 'https://other.example.edu/TDWebApi/api/auth/getuser' }), bases);
    expect(other).toMatchObject({ ok: false, message: /^That URL is for https:\/\/other\.example\.edu/ });
  });

  it('reads a documentation line typed into the path: its method and path, not "cannot contain spaces"', () => {
    const typed = form({ method: 'PUT', path: 'GET /api/{appId}/tickets/{id}' });
    expect(holdsTarget(typed.path)).toBe(true);
    const settled = settleForm(typed, bases);
    expect(settled).toMatchObject({ ok: true, form: { method: 'GET', path: '{appId}/tickets/{id}' } });
    expect(
      settled.ok && buildRequest({ ...settled.form, pathValues: { appId: '31', id: '5' } }, '/TDWebApi'),
    ).toEqual({
      ok: true,
      request: { method: 'GET', path: '/api/31/tickets/5' },
    });
  });
});
