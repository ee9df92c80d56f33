import { EMULATOR_CONNECTION } from '@contract/wire';
import { BUILT_IN_CONNECTIONS, type ConnectionOffer } from '@/lib/connection';

const NAME = /^[a-z0-9][a-z0-9-]*$/;
/** What people read: one line of printable text. */
const TEXT = /^(?=.*\S)[^\p{C}\u2028\u2029]{1,200}$/u;

const isText = (value: unknown): value is string => typeof value === 'string' && TEXT.test(value);

/**
 * `GET /relay`'s answer as connections, or null when it is not a list at all. A tenant that is not what the
 * server promises (a base that is not the relay path of its name, an upstream that is not http(s), a label or
 * organization that is not one line of text, a name seen before) is left out.
 */
export function parseConnections(answer: unknown): ConnectionOffer | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const { emulator, default: preferred, tenants } = answer as Record<string, unknown>;
  if (typeof emulator !== 'boolean' || !Array.isArray(tenants)) return null;
  const connections = emulator ? [...BUILT_IN_CONNECTIONS] : [];
  for (const entry of tenants as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { name, label, base, upstream, organization } = entry as Record<string, unknown>;
    const id = `relay:${String(name)}`;
    if (typeof name !== 'string' || !NAME.test(name) || base !== `/relay/${name}`) continue;
    if (typeof upstream !== 'string' || !/^https?:\/\/[^/]/.test(upstream)) continue;
    if (!isText(label) || !isText(organization) || connections.some((c) => c.id === id)) continue;
    connections.push({ id, label, baseUrl: base, upstream, organization });
  }
  const defaultId = emulator && preferred === EMULATOR_CONNECTION ? preferred : `relay:${String(preferred)}`;
  return { connections, defaultId };
}
