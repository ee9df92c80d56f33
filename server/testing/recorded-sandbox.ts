import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordingsWhen } from './recordings-dir.ts';
import { getWithAuth, post } from './requests.ts';
import { SANDBOX_TOKEN, startStandInTenant } from './stand-in-tenant.ts';
import { startTestServer } from './start-server.ts';

/** The search recordSandbox records. */
export const RECORDED_SEARCH = { SearchText: 'Printer', StatusIDs: [1, 2] };

/**
 * Records a ticket by ID (`GET api/30/tickets/12`) and a search (RECORDED_SEARCH) through the relay of a server
 * with the emulator off to a stand-in tenant, as an integrator records a sandbox; answers the recordings' directory.
 */
export async function recordSandbox(): Promise<string> {
  const tenant = await startStandInTenant();
  const dir = join(mkdtempSync(join(tmpdir(), 'replay-')), 'recordings');
  const recorder = await startTestServer({
    config: { emulator: false, relayTenants: [{ name: 'sandbox', upstream: tenant.base }], recordDir: dir },
  });
  const relay = `${recorder.origin}/relay/sandbox/api/30/tickets`;
  const bearer = `Bearer ${SANDBOX_TOKEN}`;
  await getWithAuth(`${relay}/12`, bearer);
  await post(`${relay}/search`, RECORDED_SEARCH, { Authorization: bearer });
  await recordingsWhen(dir, (files) => Object.keys(files).length === 2);
  await recorder.stop(true);
  await tenant.stop();
  return dir;
}
