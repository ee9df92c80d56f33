import { rateMethodOf } from '@/lib/rate-method';

/** The two documented password endpoints; they behave the same. */
export const PASSWORD_ENDPOINTS = ['/api/auth', '/api/auth/login'] as const;
export type PasswordEndpoint = (typeof PASSWORD_ENDPOINTS)[number];

/** The rate-limit key an endpoint's logins are counted under (each has its own). */
export const passwordRateMethod = (endpoint: PasswordEndpoint) => rateMethodOf('POST', endpoint);
export const PASSWORD_RATE_METHODS = PASSWORD_ENDPOINTS.map(passwordRateMethod);

export interface PasswordLogin {
  endpoint: PasswordEndpoint;
  username: string;
  password: string;
}
