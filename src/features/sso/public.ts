// What other features may use of single sign-on (the lint refuses any other import into this folder).
export { verifyPastedToken } from './api/verify-token';
