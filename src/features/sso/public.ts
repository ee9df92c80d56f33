// What other features may use of single sign-on (the lint refuses any other import into this folder).
export { pastedTokenRefusal, verifyPastedToken } from './api/verify-token';
