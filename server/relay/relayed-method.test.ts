import { describe, expect, it } from 'vitest';
import { relayedMethod } from './relayed-method.ts';

const at = (path: string) => new URL(`https://acme.example${path}`);

describe('relayedMethod', () => {
  it.each([
    '/TDWebApi/api/auth',
    '/TDWebApi/api/auth/',
    '/TDWebApi/api/auth/login',
    '/TDWebApi/API/Auth/LoginAdmin/',
    '/SBTDWebApi/api/auth/%6cogin',
    '/TDWebApi/api/auth/%256cogin',
    '/TDWebApi/api/auth/login.',
    '/TDWebApi/api/auth/login%20',
    '/TDWebApi/api/auth/login;x=1',
    '/TDWebApi/api/auth/ｌｏｇｉｎ',
    '/api/auth/loginadmin',
  ])('POST %s is a sign-in', (path) => {
    expect(relayedMethod('POST', at(path)).signIn).toBe(true);
  });

  it.each([
    ['GET', '/TDWebApi/api/auth/login'],
    ['POST', '/TDWebApi/api/auth/getuser'],
    ['POST', '/TDWebApi/api/auth/loginsso'],
    ['POST', '/TDWebApi/api/auth/login/more'],
    ['POST', '/TDWebApi/api/authx'],
    ['POST', '/TDWebApi/api/people'],
  ])('%s %s is none', (method, path) => {
    expect(relayedMethod(method, at(path)).signIn).toBe(false);
  });

  it.each([
    '/TDWebApi/api/auth/getuser',
    '/TDWebApi/API/Auth/GetUser/',
    '/SBTDWebApi/api/auth/%67etuser',
    '/TDWebApi/api/auth/getuser.',
    '/TDWebApi/api/auth/getuser;x=1',
    '/TDWebApi/api/auth/ｇｅｔｕｓｅｒ',
  ])('GET %s is getuser: rate-limited and bearer-only, no sign-in', (path) => {
    expect(relayedMethod('GET', at(path))).toMatchObject({
      signIn: false,
      limitedAuth: true,
      needsToken: true,
    });
  });

  it('counts the sign-ins among the limited Auth methods; other methods are neither', () => {
    expect(relayedMethod('POST', at('/TDWebApi/api/auth/login'))).toMatchObject({
      limitedAuth: true,
      needsToken: false,
    });
    for (const [method, path] of [
      ['POST', '/TDWebApi/api/auth/getuser'],
      ['GET', '/TDWebApi/api/auth/getuser/more'],
      ['GET', '/TDWebApi/api/auth/loginsso'],
      ['GET', '/TDWebApi/api/people/lookup'],
    ] as const) {
      expect(relayedMethod(method, at(path)), `${method} ${path}`).toMatchObject({
        limitedAuth: false,
        needsToken: false,
      });
    }
  });

  it('keys a method by its HTTP method and folded path: letter case, slashes and ids aside', () => {
    expect(relayedMethod('POST', at('/TDWebApi/API/Auth/Login/')).key).toBe('POST tdwebapi/api/auth/login');
    expect(relayedMethod('GET', at('/TDWebApi/api/people/5d4e3f2a-1b0c-4d9e-8f7a-6b5c4d3e2f10')).key).toBe(
      'GET tdwebapi/api/people/{id}',
    );
    expect(relayedMethod('GET', at('/TDWebApi/api/42/tickets/7?x=1')).key).toBe(
      'GET tdwebapi/api/{id}/tickets/{id}',
    );
    expect(relayedMethod('GET', at('/TDWebApi/api/people/lookup')).key).toBe(
      'GET tdwebapi/api/people/lookup',
    );
  });
});
