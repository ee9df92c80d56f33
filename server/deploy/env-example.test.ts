import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';

const EXAMPLE = parseEnv(
  readFileSync(new URL('../../deploy/auth-console.env.example', import.meta.url), 'utf8'),
);
const CONNECTIONS = fileURLToPath(new URL('../../deploy/connections.example.json', import.meta.url));

describe('deploy/auth-console.env.example', () => {
  it('starts the console and relay alone, behind nginx on this machine, at its public https origin', () => {
    const config = loadConfig({ ...EXAMPLE, CONNECTIONS_FILE: CONNECTIONS }, [], '/opt/auth-console');
    expect(config).toMatchObject({
      emulator: false,
      defaultConnection: 'acme',
      host: '127.0.0.1',
      port: 8080,
      publicOrigin: 'https://console.example.edu',
      trustedProxies: ['127.0.0.1'],
      allowedHosts: [],
      relayTimeoutMs: 30_000,
      logLevel: 'info',
    });
    expect(config.relayTenants.map(({ name, label }) => `${name}: ${label}`)).toEqual([
      'acme: Acme University',
      'acme-sb: Acme University (sandbox)',
    ]);
  });

  it('holds no secret and no path to the data directory', () => {
    expect(Object.keys(EXAMPLE).filter((name) => /SECRET|KEY|PASSWORD|TOKEN|DATA_DIR/.test(name))).toEqual(
      [],
    );
  });
});
