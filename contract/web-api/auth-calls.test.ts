import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { authCallOf, routeSegments, type Reading } from './auth-calls.ts';

const READINGS: Reading[] = ['strict', 'lenient'];
const judged = (method: string, path: string) =>
  Object.fromEntries(READINGS.map((reading) => [reading, authCallOf(method, path, reading)]));

describe('which calls are sign-ins (the rule that keeps secrets out of recordings and replays)', () => {
  it.each([
    '/api/auth',
    '/api/auth/login',
    '/api/auth/loginadmin',
    '/api/Auth/LoginAdmin',
    '/API/AUTH/LOGIN',
    '/api/auth/',
    '/api/auth/login/',
    '/api//auth//login',
    '//api/auth/login',
    '/api/auth?username=x',
    '/api/auth/login?next=/api/people',
    '/api/auth/login#top',
    '/api/auth/%6cogin',
    '/api/%61uth/login',
    '/TDWebApi/api/auth',
    '/SBTDWebApi/api/auth/login',
    '/tdwebapi/API/Auth/LoginAdmin/',
    '/sbtdwebapi/api/auth/loginadmin?x=1',
  ])('POST %s is a sign-in, read strictly or leniently', (path) => {
    expect(judged('POST', path)).toEqual({
      strict: { signIn: true, getUser: false, authArea: true },
      lenient: { signIn: true, getUser: false, authArea: true },
    });
  });

  it.each([
    '/api/auth/%256cogin',
    '/api/auth/login.',
    '/api/auth/login%20',
    '/api/auth/login;x=1',
    '/api/auth;v=2/login',
    '/api/auth/ｌｏｇｉｎ',
    '/api/auth%2Flogin',
    '/api%2Fauth%2Flogin',
    '/api%252Fauth%252Flogin',
    '/api\\auth\\login',
    '/api/auth%5Clogin',
    '/api/auth/login%3Fx=1',
    '/api/auth/x/../login',
    '/api/auth/login/more/..',
    '/api/auth/./login',
    '/sandbox/SBTDWebApi/api/auth/login',
    '/relay/acme/api/auth/loginadmin',
    '/TDWebApi/extra/api/auth',
    '/%54DWebApi/api/auth/login',
  ])('POST %s is a sign-in only read leniently', (path) => {
    const { strict, lenient } = judged('POST', path);
    expect(lenient).toEqual({ signIn: true, getUser: false, authArea: true });
    expect(strict!.signIn).toBe(false);
  });

  it.each([
    ['GET', '/api/auth/login'],
    ['PUT', '/api/auth'],
    ['DELETE', '/api/auth/loginadmin'],
    ['POST', '/api/auth/getuser'],
    ['POST', '/api/auth/loginsso'],
    ['POST', '/api/auth/login/more'],
    ['POST', '/api/auth/loginx'],
    ['POST', '/api/authx'],
    ['POST', '/api/authx/login'],
    ['POST', '/api/people'],
    ['POST', '/api/30/tickets/search'],
    ['POST', '/api/login'],
    ['POST', '/auth/login'],
    ['POST', '/api/people?path=/api/auth/login'],
    ['POST', '/api/people#/api/auth/login'],
  ])('%s %s is no sign-in, read either way', (method, path) => {
    for (const reading of READINGS) expect(authCallOf(method, path, reading).signIn, reading).toBe(false);
  });

  it('reads the method as sent strictly, and in any letter case leniently', () => {
    expect(authCallOf('post', '/api/auth/login', 'strict').signIn).toBe(false);
    expect(authCallOf('post', '/api/auth/login', 'lenient').signIn).toBe(true);
    expect(authCallOf('get', '/api/auth/getuser', 'lenient').getUser).toBe(true);
  });
});

describe('getuser and the Auth area', () => {
  it.each([
    '/api/auth/getuser',
    '/TDWebApi/API/Auth/GetUser/',
    '/SBTDWebApi/api/auth/%67etuser',
    '/api/auth/getuser?x=1',
  ])('GET %s is getuser, read either way', (path) => {
    for (const reading of READINGS) {
      expect(authCallOf('GET', path, reading), reading).toEqual({
        signIn: false,
        getUser: true,
        authArea: true,
      });
    }
  });

  it.each([
    '/api/auth/getuser.',
    '/api/auth/getuser;x=1',
    '/api/auth/ｇｅｔｕｓｅｒ',
    '/upstream/api/auth/getuser',
  ])('GET %s is getuser read leniently only', (path) => {
    expect(authCallOf('GET', path, 'lenient').getUser).toBe(true);
    expect(authCallOf('GET', path, 'strict').getUser).toBe(false);
  });

  it.each([
    ['GET', '/api/auth/getuser/more'],
    ['POST', '/api/auth/getuser'],
    ['GET', '/api/auth/loginsso'],
    ['GET', '/api/people/lookup'],
  ])('%s %s is not getuser', (method, path) => {
    for (const reading of READINGS) expect(authCallOf(method, path, reading).getUser, reading).toBe(false);
  });

  it.each([
    ['GET', '/api/auth/loginsso'],
    ['GET', '/api/auth/loginsso/callback?code=x'],
    ['POST', '/api/auth/logoutsso'],
    ['DELETE', '/TDWebApi/api/AUTH/anything/else'],
    ['GET', '/api/auth'],
    ['GET', '/api/%61uth/x'],
  ])('%s %s is in the Auth area, read either way', (method, path) => {
    for (const reading of READINGS) expect(authCallOf(method, path, reading).authArea, reading).toBe(true);
  });

  it.each([
    '/api/30/api/auth',
    '/relay/acme/api/auth/loginsso',
    '/api/%2561uth/x',
    '/api;x/auth',
    '/api/auth./x',
    '/api/Ａｕｔｈ/x',
    '/api%2Fauth',
    '/api/x/../auth',
  ])('%s is in the Auth area only read leniently', (path) => {
    expect(authCallOf('GET', path, 'lenient').authArea).toBe(true);
    expect(authCallOf('GET', path, 'strict').authArea).toBe(false);
  });

  it.each(['/api/people', '/api/30/tickets/12', '/api/authors', '/api/people/auth', '/auth/api', '/api'])(
    '%s is outside the Auth area, read either way',
    (path) => {
      for (const reading of READINGS) expect(authCallOf('GET', path, reading).authArea, reading).toBe(false);
    },
  );
});

describe('the two readings', () => {
  const segment = fc.oneof(
    fc.constantFrom('api', 'API', 'auth', 'Auth', 'login', 'loginadmin', 'getuser', 'TDWebApi', 'SBTDWebApi'),
    fc.constantFrom(
      '%61uth',
      '%6cogin',
      '%256cogin',
      'login.',
      'login;x',
      '..',
      '.',
      '',
      'ｌｏｇｉｎ',
      '%2F',
      '%',
    ),
    fc.string({ maxLength: 6 }),
  );
  const path = fc
    .tuple(fc.array(segment, { maxLength: 6 }), fc.constantFrom('', '/', '?q=1', '#f'))
    .map(([segments, end]) => `/${segments.join('/')}${end}`);

  it('never calls a call less of a sign-in, getuser or the Auth area leniently than strictly', () => {
    fc.assert(
      fc.property(fc.constantFrom('GET', 'POST', 'PUT'), path, (method, p) => {
        const strict = authCallOf(method, p, 'strict');
        const lenient = authCallOf(method, p, 'lenient');
        expect(!strict.signIn || lenient.signIn).toBe(true);
        expect(!strict.getUser || lenient.getUser).toBe(true);
        expect(!strict.authArea || lenient.authArea).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('routes segments in lower case, decoded, without empties, query or (strictly) the base', () => {
    expect(routeSegments('/TDWebApi/API/People/%6Cookup/?x=1', 'strict')).toEqual([
      'api',
      'people',
      'lookup',
    ]);
    expect(routeSegments('/TDWebApi/API/Auth/Login./;x', 'lenient')).toEqual([
      'tdwebapi',
      'api',
      'auth',
      'login',
    ]);
    expect(routeSegments('/TDWebApi/api/auth/%256cogin%20', 'lenient')).toEqual([
      'tdwebapi',
      'api',
      'auth',
      'login',
    ]);
  });
});
