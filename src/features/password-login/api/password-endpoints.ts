/** The two documented password endpoints; they behave the same. */
export const PASSWORD_ENDPOINTS = ['/api/auth', '/api/auth/login'] as const;
export type PasswordEndpoint = (typeof PASSWORD_ENDPOINTS)[number];

export interface PasswordLogin {
  endpoint: PasswordEndpoint;
  username: string;
  password: string;
}
