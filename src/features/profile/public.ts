// What other features may use of the profile (the lint refuses any other import into this folder).
export { GET_USER_PATH, GET_USER_RATE_METHOD, useCurrentUser } from './api/get-user';
