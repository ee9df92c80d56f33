import { ManualClock } from '../server/testing/manual-clock.ts';
import { startTestServer, type TestServer } from '../server/testing/start-server.ts';
import { test as base } from './fixtures';

/** A spec's own servers, for a tenant's connections: the shared main server's emulator never asks before a write. */
export interface TenantServers {
  /** The console, relaying to `tenant`'s bases, each as a connection of the organization `example`. */
  main: TestServer;
  /** A second emulator standing in for the organization's real tenant. */
  tenant: TestServer;
}

/** A base of the tenant the console relays to: its relay name, its label, and which of the tenant's bases. */
interface RelayedBase {
  name: string;
  label: string;
  base: '/TDWebApi' | '/SBTDWebApi';
}

/** The fixtures' `test`, with servers of its own relaying `bases`, and the page's base URL on the console's. */
export function withTenantServers(bases: readonly RelayedBase[]) {
  return base.extend<{ servers: TenantServers }>({
    // Playwright reads a fixture's dependencies from its first parameter, which must be destructured: none needed.
    servers: async ({ browserName: _none }, use) => {
      // Today's time on both clocks: the browser judges the session's expiry by its own.
      const tenant = await startTestServer({ clock: new ManualClock(Date.now()) });
      const main = await startTestServer({
        clock: new ManualClock(Date.now()),
        config: {
          relayTenants: bases.map(({ name, label, base: path }) => ({
            name,
            label,
            upstream: `${tenant.origin}${path}`,
            organization: 'example',
          })),
        },
      });
      await use({ main, tenant });
      await main.stop(true);
      await tenant.stop(true);
    },
    baseURL: async ({ servers }, use) => use(servers.main.origin),
  });
}
