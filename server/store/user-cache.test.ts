import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScript } from '../testing/child-server.ts';
import { getUser } from '../testing/requests.ts';
import { DEMO, login } from '../testing/start-server.ts';
import { useTestServer } from '../testing/use-test-server.ts';
import { importRealm, parseRealm, type Realm } from '../realm/realm.ts';

const DEMO_REALM = join(import.meta.dirname, '../realm/demo.json');

/** The demo realm with jdoe deactivated and renamed, as an administrator would re-import it. */
function realmWithJdoeInactive(): Realm {
  const realm = parseRealm(JSON.parse(readFileSync(DEMO_REALM, 'utf8')));
  const jdoe = realm.organizations[0]!.Users.find((user) => user.UserName === DEMO.jdoe)!;
  jdoe.Active = false;
  return realm;
}

describe('the cache of user rows behind the bearer check', () => {
  const server = useTestServer({}, { each: true });

  it('sees a change made by another process (a realm import from the command line) by the next call', async () => {
    const token = await login(server.api, DEMO.jdoe);
    expect((await getUser(server.api, token)).status).toBe(200);
    expect((await getUser(server.api, token)).status).toBe(200);

    const file = join(server.dataDir, 'inactive.json');
    writeFileSync(file, JSON.stringify(realmWithJdoeInactive()));
    const run = await runScript('server/realm/import-cli.ts', [file], { DATA_DIR: server.dataDir });
    expect(run.code).toBe(0);

    const after = await getUser(server.api, token);
    expect(after.status).toBe(401);
    expect(JSON.parse(after.text)).toMatchObject({ error: 'invalid_token' });
  }, 30_000);

  it('sees a change made through its own connection at once', async () => {
    const token = await login(server.api, DEMO.jdoe);
    expect((await getUser(server.api, token)).status).toBe(200);
    await importRealm(server.app.db, realmWithJdoeInactive(), { log2N: 10, r: 8, p: 1 });
    expect((await getUser(server.api, token)).status).toBe(401);
  });
});
