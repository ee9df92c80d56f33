import { execFile } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
/** The package reads its OpenAPI description from the working directory unless told where it is. */
const SPEC = resolve(ROOT, 'node_modules/@selfagency/teamdynamix-ts/generated/openapi.json');

type Outcome =
  { ok: true; userName: string | null } | { ok: false; status: number | null; code: string | null };

export interface IntegrationRun {
  /** getuser with a token signed in once, before anything happened. */
  before: Outcome;
  /** After `POST /_emulator/tokens/expire`: the same kept token, and a client whose provider signs in again. */
  expired: { kept: Outcome; fresh: Outcome };
  /** A held 429 without Retry-After, met by a client allowed one retry: its waits, and getuser's outcome. */
  rateLimited: { outcome: Outcome; waits: { delayMs: number; reason: string }[] };
  /** After the clock moved 24 h: a token kept from before, and a client that signs in again. */
  clockMoved: { kept: Outcome; fresh: Outcome };
}

/**
 * `@selfagency/teamdynamix-ts` as an integration uses it, against an https emulator: through every token expired
 * at once, a 429 without Retry-After and a day passing, each provoked through test control between its calls.
 * One process (its start-up and spec loading take most of the time): the package's fetch trusts only what
 * NODE_EXTRA_CA_CERTS adds at process start, and the package insists on https.
 */
const SCRIPT = `
import { createTeamDynamixClient, createTokenProviderFromJWT, loginWithPassword } from '@selfagency/teamdynamix-ts';
const { ORIGIN, TD_USERNAME, TD_PASSWORD, TD_SPEC } = process.env;
const tenant = new URL(ORIGIN).host + '/TDWebApi';
const options = { tenant, baseUrl: ORIGIN + '/TDWebApi', retryPolicy: { maxRetries: 0 }, specPath: TD_SPEC };
const outcome = async (client) => {
  try {
    const result = await client.discovery.authGetuser();
    const user = result && 'data' in result ? result.data : result;
    return { ok: true, userName: user?.UserName ?? null };
  } catch (error) {
    return { ok: false, status: error.status ?? null, code: error.code ?? null };
  }
};
const control = async (path, body) => {
  const res = await fetch(ORIGIN + '/_emulator' + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(path + ' answered ' + res.status + ': ' + (await res.text()));
};
const signIn = loginWithPassword({ tenant, username: TD_USERNAME, password: TD_PASSWORD });
const client = async (tokenProvider, more = {}) =>
  (await createTeamDynamixClient({ ...options, tokenProvider, ...more })).client;
const fresh = await client(signIn);

const kept = await client(createTokenProviderFromJWT(await signIn()));
const before = await outcome(kept);
await control('/tokens/expire');
const expired = { kept: await outcome(kept), fresh: await outcome(fresh) };

const waits = [];
const patient = await client(signIn, {
  retryPolicy: { maxRetries: 1, initialDelayMs: 10, backoffMultiplier: 1, jitterRatio: 0 },
  onRetry: ({ delayMs, reason }) => waits.push({ delayMs, reason }),
});
await control('/faults', { method: 'GET', path: '/api/auth/getuser', status: 429, omitRetryAfter: true });
const rateLimited = { outcome: await outcome(patient), waits };

const keptAgain = await client(createTokenProviderFromJWT(await signIn()));
await control('/clock', { advance: '24h' });
const clockMoved = { kept: await outcome(keptAgain), fresh: await outcome(fresh) };
console.log(JSON.stringify({ before, expired, rateLimited, clockMoved }));
`;

export function teamDynamixTsIntegration(
  origin: string,
  caPath: string,
  username: string,
  password: string,
): Promise<IntegrationRun> {
  return new Promise((done, fail) => {
    execFile(
      process.execPath,
      ['--input-type=module', '-e', SCRIPT],
      {
        cwd: ROOT,
        timeout: 60_000,
        env: {
          ...process.env,
          NODE_EXTRA_CA_CERTS: caPath,
          ORIGIN: origin,
          TD_SPEC: SPEC,
          TD_USERNAME: username,
          TD_PASSWORD: password,
        },
      },
      (error, stdout, stderr) => {
        if (error) fail(new Error(`the teamdynamix-ts script failed: ${stderr || error.message}`));
        else done(JSON.parse(stdout) as IntegrationRun);
      },
    );
  });
}
