import { describe, expect, it } from 'vitest';
import { isSecretName } from './secret-fields.ts';

describe('isSecretName', () => {
  it.each([
    'password',
    'Password',
    'PASSWORD',
    'WebServicesKey',
    'webserviceskey',
    'WEBSERVICESKEY',
    'token',
    'Token',
    'accessToken',
    'access_token',
    'ACCESS-TOKEN',
    'accesstoken',
    'refreshToken',
    'id_token',
    'key',
    'Key',
    'api_key',
    'apiKey',
    'APIKey',
    'apikey',
    'APIKEY',
    'X-API-Key',
    'x-api-key',
    'key2',
    'secret',
    'client_secret',
    'clientSecret',
    'CLIENTSECRET',
    'newPassword',
    'user.password',
    'db passwd',
    'privatekey',
    'AccessKey',
  ])('%s says secret', (name) => {
    expect(isSecretName(name)).toBe(true);
  });

  it.each([
    'keyword',
    'Keywords',
    'monkey',
    'turkey',
    'hockeyTeam',
    'passwords',
    'tokens',
    'secretary',
    'searchText',
    'UserName',
    'BEID',
    'uid',
    'passwordless',
    '',
  ])('%s does not', (name) => {
    expect(isSecretName(name)).toBe(false);
  });

  it('reads text that is not JSON word by word, by the same rule', () => {
    expect(isSecretName('username=a&password=b')).toBe(true);
    expect(isSecretName('{"token": "x", ')).toBe(true);
    expect(isSecretName('a=1&monkey=2&keyword=3')).toBe(false);
  });
});
