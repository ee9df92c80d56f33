import { EMULATOR_CONNECTION, type ConnectionsAnswer, type RelayedTenant } from '../../contract/wire.ts';
import type { RelayTenant } from '../config/setting-values.ts';
import { RELAY_MOUNT } from './paths.ts';

export interface ConnectionsSettings {
  emulator: boolean;
  tenants: readonly RelayTenant[];
  defaultConnection: string | null;
}

function listed(tenant: RelayTenant): RelayedTenant {
  return {
    name: tenant.name,
    label: tenant.label ?? tenant.name,
    base: `${RELAY_MOUNT}/${tenant.name}`,
    upstream: tenant.upstream,
    // Production and sandbox of one tenant share a host, and so an admin key.
    organization: tenant.organization ?? new URL(tenant.upstream).host,
  };
}

/** What `GET /relay` answers: the connections this server offers and the one a new browser starts with. */
export function connectionsAnswer(settings: ConnectionsSettings): ConnectionsAnswer {
  const fallback = settings.emulator
    ? EMULATOR_CONNECTION
    : (settings.tenants[0]?.name ?? EMULATOR_CONNECTION);
  return {
    emulator: settings.emulator,
    default: settings.defaultConnection ?? fallback,
    tenants: settings.tenants.map(listed),
  };
}
