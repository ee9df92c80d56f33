import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiMethod } from '@contract/web-api/methods';
import { RequestPreview } from './request-preview';

const preview = (method: ApiMethod, path: string) => {
  render(<RequestPreview base="/TDWebApi" request={{ method, path }} />);
  const text = screen.getByLabelText('Request preview').textContent ?? '';
  document.body.innerHTML = '';
  return text;
};

describe('the request preview', () => {
  it.each(['/api/auth', '/api/auth/login/', '/api/Auth/LoginAdmin', '/api/auth/%6cogin', '/api/auth?x=1'])(
    'shows a POST to the sign-in %s without the session’s token, as it is sent',
    (path) => {
      expect(preview('POST', path)).not.toContain('Authorization');
    },
  );

  it.each([
    ['GET', '/api/auth/login'],
    ['POST', '/api/auth/getuser'],
    ['POST', '/api/auth/loginsso'],
    ['GET', '/api/people/lookup'],
  ] as const)('shows %s %s with the session’s token, redacted', (method, path) => {
    expect(preview(method, path)).toContain('Authorization: Bearer <redacted>');
  });
});
