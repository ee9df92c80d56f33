/** The localStorage key of the variables: by organization, never one whose name says secret. */
export const VARIABLES_KEY = 'auth-console.variables';
