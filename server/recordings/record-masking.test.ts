import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASKED_SECRET } from '../../contract/secret-fields.ts';
import { getWithAuth, post } from '../testing/requests.ts';
import { recordingsWhen } from '../testing/recordings-dir.ts';
import { SANDBOX_TOKEN, startStandInTenant, type StandInTenant } from '../testing/stand-in-tenant.ts';
import { startTestServer, type TestServer } from '../testing/start-server.ts';
import { parseRecording, type Recording } from './recording-file.ts';

const bearer = `Bearer ${SANDBOX_TOKEN}`;
const FORM = 'application/x-www-form-urlencoded';
/** What the bodies below hold that no recording may: a password, a key, a RECORD_REDACT field's value. */
const SECRETS = ['Hunter2-Secret-Pass', '6f1c2a9e-key-of-the-service', 'jane.roe@sandbox.edu'];

let tenant: StandInTenant;
let server: TestServer;
let dir: string;
let relay: string;

beforeAll(async () => {
  tenant = await startStandInTenant();
  dir = join(mkdtempSync(join(tmpdir(), 'record-masking-')), 'sandbox');
  server = await startTestServer({
    config: {
      emulator: false,
      relayTenants: [{ name: 'sandbox', upstream: tenant.base }],
      recordDir: dir,
      recordRedact: ['PrimaryEmail'],
    },
  });
  relay = `${server.origin}/relay/sandbox`;
});
afterAll(async () => {
  await server.stop(true);
  await tenant.stop();
});

const named = (files: Record<string, string>, prefix: string) =>
  Object.keys(files).filter((name) => name.startsWith(prefix));

async function recordingOf(prefix: string): Promise<{ text: string; recording: Recording }> {
  const files = await recordingsWhen(dir, (found) => named(found, prefix).length === 1);
  const text = files[named(files, prefix)[0]!]!;
  return { text, recording: parseRecording(text) };
}

describe('masking in every body the recorder keeps (RECORD_DIR)', () => {
  it('masks a form-encoded body field by field, by the same rule as JSON', async () => {
    tenant.scripted.set('POST /api/30/forms', {
      status: 200,
      contentType: FORM,
      body: `Status=ok&WebServicesKey=${SECRETS[1]}&PrimaryEmail=${encodeURIComponent(SECRETS[2]!)}`,
    });
    const sent = new URLSearchParams({ UserName: 'jroe', Password: SECRETS[0]!, PrimaryEmail: SECRETS[2]! });
    const res = await post(`${relay}/api/30/forms`, sent.toString(), {
      Authorization: bearer,
      'Content-Type': FORM,
    });
    expect(res.status).toBe(200);
    const { text, recording } = await recordingOf('post-api-30-forms-');
    for (const secret of SECRETS) expect(text).not.toContain(encodeURIComponent(secret).slice(0, 12));
    for (const secret of SECRETS) expect(text).not.toContain(secret.slice(0, 12));
    expect(recording.request.body).toEqual({
      form: [
        ['UserName', 'jroe'],
        ['Password', MASKED_SECRET],
        ['PrimaryEmail', MASKED_SECRET],
      ],
    });
    expect(recording.answers[0]!.body).toEqual({
      form: [
        ['Status', 'ok'],
        ['WebServicesKey', MASKED_SECRET],
        ['PrimaryEmail', MASKED_SECRET],
      ],
    });
  });

  it('masks JSON sent or answered with a byte-order mark', async () => {
    tenant.scripted.set('GET /api/30/bom', {
      status: 200,
      body: `\uFEFF${JSON.stringify({ Name: 'Service', Password: SECRETS[0], PrimaryEmail: SECRETS[2] })}`,
    });
    expect((await getWithAuth(`${relay}/api/30/bom`, bearer)).status).toBe(200);
    const { text, recording } = await recordingOf('get-api-30-bom-');
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    expect(recording.answers[0]!.body).toEqual({
      json: { Name: 'Service', Password: MASKED_SECRET, PrimaryEmail: MASKED_SECRET },
    });
  });

  it('keeps no XML or other text that names a masked field, saying why, and keeps such text that names none', async () => {
    tenant.scripted.set('GET /api/30/xml', {
      status: 200,
      contentType: 'application/xml',
      body: `<Account><Name>svc</Name><Password>${SECRETS[0]}</Password></Account>`,
    });
    expect((await getWithAuth(`${relay}/api/30/xml`, bearer)).status).toBe(200);
    tenant.scripted.set('GET /api/30/plain', {
      status: 200,
      contentType: 'text/plain',
      body: 'Nothing to hide',
    });
    expect((await getWithAuth(`${relay}/api/30/plain`, bearer)).status).toBe(200);
    const { recording } = await recordingOf('get-api-30-plain-');
    expect(recording.answers[0]!.body).toEqual({ text: 'Nothing to hide' });
    const files = await recordingsWhen(dir, () => true);
    expect(named(files, 'get-api-30-xml-')).toEqual([]);
    expect(server.logs).toContain(
      'record: GET /api/30/xml was not recorded: its answer cannot be kept: it is text that is neither JSON nor a form, and names a field that would be masked',
    );
  });
});

describe('a bearer value is masked where it stands (RECORD_DIR)', () => {
  it('leaves the file whole with a one-letter bearer token: only a value that is the token is masked', async () => {
    tenant.tokens.add('e');
    tenant.scripted.set('GET /api/30/tickets/77', {
      status: 200,
      body: { json: { ID: 77, Title: 'Printer jams', Code: 'e', Notes: 'Token e was sent' } },
    });
    try {
      expect((await getWithAuth(`${relay}/api/30/tickets/77`, 'Bearer e')).status).toBe(200);
      const { recording } = await recordingOf('get-api-30-tickets-77-');
      expect(recording.answers[0]!.body).toEqual({
        json: {
          ID: 77,
          Title: 'Printer jams',
          Code: MASKED_SECRET,
          Notes: `Token ${MASKED_SECRET} was sent`,
        },
      });
    } finally {
      tenant.tokens.delete('e');
    }
  });
});

describe('a recording’s id (RECORD_DIR)', () => {
  it('is a digest of the request as masked: calls that differ only in a masked value are one recording', async () => {
    for (const password of [SECRETS[0]!, 'Another-Guess-1']) {
      const sent = { UserName: 'svc', Password: password };
      expect((await post(`${relay}/api/30/accounts/check`, sent, { Authorization: bearer })).status).toBe(
        404,
      );
    }
    // Written after the two calls: once it is there, so are they.
    await getWithAuth(`${relay}/api/30/tickets/78`, bearer);
    const files = await recordingsWhen(dir, (found) => named(found, 'get-api-30-tickets-78-').length === 1);
    expect(named(files, 'post-api-30-accounts-check-')).toHaveLength(1);
    const { recording } = await recordingOf('post-api-30-accounts-check-');
    expect(recording.request.body).toEqual({ json: { UserName: 'svc', Password: MASKED_SECRET } });
  });
});
