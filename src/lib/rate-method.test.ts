import { describe, expect, it } from 'vitest';
import { rateMethodOf } from './rate-method';

describe('rateMethodOf', () => {
  it.each([
    ['POST', '/api/auth', 'POST auth'],
    ['POST', '/api/auth/login', 'POST auth/login'],
    ['POST', '/api/Auth/LoginAdmin', 'POST auth/loginadmin'],
    ['GET', '/api/auth/getuser', 'GET auth/getuser'],
    ['GET', '/api/people/c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8', 'GET people/{id}'],
    ['GET', '/api/people/C1A2B3C4-D5E6-4F70-8192-A3B4C5D6E7F8', 'GET people/{id}'],
    ['GET', '/api/people/lookup?searchText=doe&maxResults=5', 'GET people/lookup'],
    ['GET', '/api/accounts/42', 'GET accounts/{id}'],
    ['GET', '/api/31/tickets/{id}', 'GET {appId}/tickets/{id}'],
    ['GET', '/api/31/tickets/5', 'GET {appId}/tickets/{id}'],
    ['POST', '/api/31/tickets/search', 'POST {appId}/tickets/search'],
    ['GET', '/api/{appId}/tickets/{id}', 'GET {appId}/tickets/{id}'],
    ['GET', '/api/people/{uid}', 'GET people/{id}'],
  ])('%s %s counts as %s', (method, path, expected) => {
    expect(rateMethodOf(method, path)).toBe(expected);
  });
});
