import { execFile } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
/** The package reads its OpenAPI description from the working directory unless told where it is. */
const SPEC = resolve(ROOT, 'node_modules/@selfagency/teamdynamix-ts/generated/openapi.json');

type Outcome =
  { ok: true; userName: string | null } | { ok: false; status: number | null; code: string | null };

export interface ExpiryResult {
  /** getuser with the token signed in once, before the clock moved. */
  before: Outcome;
  /** The same kept token, after 24 hours. */
  keptAfter: Outcome;
  /** A client whose token provider signs in again (the package's loginWithPassword), after 24 hours. */
  freshAfter: Outcome;
}

/**
 * `@selfagency/teamdynamix-ts` as an integration uses it, against an https emulator, through a token expiry: the
 * script moves the emulator's clock 24 h (test control) between calls. Run as its own process because the
 * package's fetch trusts only what NODE_EXTRA_CA_CERTS adds at process start; the package insists on https.
 */
const SCRIPT = `
import { createTeamDynamixClient, createTokenProviderFromJWT, loginWithPassword } from '@selfagency/teamdynamix-ts';
const { ORIGIN, TD_USERNAME, TD_PASSWORD, TD_SPEC } = process.env;
const tenant = new URL(ORIGIN).host + '/TDWebApi';
const baseUrl = ORIGIN + '/TDWebApi';
const retryPolicy = { maxRetries: 0 };
const options = { tenant, baseUrl, retryPolicy, specPath: TD_SPEC };
const outcome = async (call) => {
  try {
    const result = await call();
    const user = result && 'data' in result ? result.data : result;
    return { ok: true, userName: user?.UserName ?? null };
  } catch (error) {
    return { ok: false, status: error.status ?? null, code: error.code ?? null };
  }
};
const signIn = loginWithPassword({ tenant, username: TD_USERNAME, password: TD_PASSWORD });
const kept = (await createTeamDynamixClient({ ...options, tokenProvider: createTokenProviderFromJWT(await signIn()) })).client;
const fresh = (await createTeamDynamixClient({ ...options, tokenProvider: signIn })).client;
const before = await outcome(() => kept.discovery.authGetuser());
const moved = await fetch(ORIGIN + '/_emulator/clock', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ advance: '24h' }),
});
if (!moved.ok) throw new Error('the clock did not move: ' + moved.status);
const keptAfter = await outcome(() => kept.discovery.authGetuser());
const freshAfter = await outcome(() => fresh.discovery.authGetuser());
console.log(JSON.stringify({ before, keptAfter, freshAfter }));
`;

export function teamDynamixTsThroughExpiry(
  origin: string,
  caPath: string,
  username: string,
  password: string,
): Promise<ExpiryResult> {
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
        else done(JSON.parse(stdout) as ExpiryResult);
      },
    );
  });
}
