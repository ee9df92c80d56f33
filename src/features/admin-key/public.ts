// What other features may use of admin-key sign-in (the lint refuses any other import into this folder).
export { LOGIN_ADMIN_RATE_METHOD } from './api/login-admin';
