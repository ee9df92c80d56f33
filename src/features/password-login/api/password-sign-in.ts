// What submitting the password form runs, fetched on the form's first use rather than with the first page.
export { loginWithPassword } from './login-with-password';
export { startSession } from '@/session/sign-in/start-session';
