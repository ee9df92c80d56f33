// What other features may use of password sign-in (the lint refuses any other import into this folder).
export { PASSWORD_RATE_METHODS } from './api/password-login';
