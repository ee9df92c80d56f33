import { readFileSync } from 'node:fs';

/** A secret the server's output must never hold, with a name to report it by (the value is never printed). */
export interface Secret {
  kind: string;
  value: string;
}

export interface Leak {
  /** 1-based line of the output. */
  line: number;
  kind: string;
}

/** Any JWT: the header and claims of every token the server issues start `eyJ` once base64url-encoded. */
const JWT = /eyJ[\w-]*\.eyJ[\w-]*\./;
/** The first line of the start banner (server/main.ts). */
const BANNER = /Auth Console and Web API emulator: https?:\/\//;

/** The demo realm's passwords and admin keys, and the embedded identity provider's demo password. */
export function demoSecrets(): Secret[] {
  const realm = readFileSync(new URL('../realm/demo.json', import.meta.url), 'utf8');
  const secrets: Secret[] = [{ kind: 'the demo SSO password', value: 'Sso-demo-2026' }];
  for (const [, field, value] of realm.matchAll(/"(Password|WebServicesKey)":\s*"([^"]+)"/g)) {
    if (!secrets.some((secret) => secret.value === value)) {
      secrets.push({
        kind: field === 'Password' ? 'a demo password' : 'a demo WebServicesKey',
        value: value!,
      });
    }
  }
  return secrets;
}

/** A provider route whose next segment is an id (`/idp/auth/{uid}`, `/idp/interaction/{uid}/…`), not logged as `:id`. */
const PROVIDER_ID = /^\/idp\/(?:auth|interaction|reg)\/(?!:id(?:\/|$))[^/]+/i;

/**
 * Whether a request-log line's `path` holds a provider id where the id stands, whatever the id looks like (one in
 * some 1,500 has no digit), so the check does not depend on which ids a run happened to get.
 */
function keepsAProviderId(text: string): boolean {
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch {
    return false;
  }
  if (typeof record !== 'object' || record === null || !('path' in record)) return false;
  return typeof record.path === 'string' && PROVIDER_ID.test(record.path);
}

/**
 * Where a server's whole output holds a secret, anything shaped like a token, or a provider id in a logged path. The start banner is skipped: it
 * names the demo sign-ins to the operator on purpose (its lines are indented, up to the first line that is not).
 */
export function findLeaks(output: string, secrets: Secret[]): Leak[] {
  const leaks: Leak[] = [];
  let inBanner = false;
  output.split('\n').forEach((text, index) => {
    if (BANNER.test(text)) {
      inBanner = true;
      return;
    }
    if (inBanner && (text.trim() === '' || text.startsWith('  '))) return;
    inBanner = false;
    const line = index + 1;
    if (JWT.test(text)) leaks.push({ line, kind: 'a JWT' });
    if (keepsAProviderId(text)) leaks.push({ line, kind: 'a provider id in a logged path' });
    for (const secret of secrets) {
      if (secret.value !== '' && text.includes(secret.value)) leaks.push({ line, kind: secret.kind });
    }
  });
  return leaks;
}
