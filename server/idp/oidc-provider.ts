import type * as OidcProvider from 'oidc-provider';

/*
 * oidc-provider 9 warns at import time that it wants Node.js 22. It works on Node 20 (in the project's engines;
 * its tests run the whole sign-in on Node 20), so this one notice, misleading at every start, is dropped. Every
 * other warning still gets through, and nothing else imports the package's values.
 */
const warn = console.warn;
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('Unsupported runtime')) return;
  warn(...args);
};
let loaded: typeof OidcProvider;
try {
  loaded = await import('oidc-provider');
} finally {
  console.warn = warn;
}

export const Provider = loaded.default;
export const errors = loaded.errors;
