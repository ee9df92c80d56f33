import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const EXAMPLE = readFileSync(new URL('../.env.example', import.meta.url), 'utf8');

/** Every environment variable loadConfig reads, found by watching it read an empty environment. */
function settingsRead(): string[] {
  const read = new Set<string>();
  const env = new Proxy<NodeJS.ProcessEnv>(
    {},
    {
      get(_target, name) {
        if (typeof name === 'string') read.add(name);
        return undefined;
      },
    },
  );
  loadConfig(env, [], '/srv/auth-console');
  return [...read];
}

describe('.env.example', () => {
  it('documents every setting of server/config.ts, commented out', () => {
    const settings = settingsRead();
    expect(settings).toContain('PORT');
    expect(settings).toContain('RELAY_TENANTS');
    expect(settings).toContain('EMULATOR');
    expect(settings).toContain('CONNECTIONS_FILE');
    for (const name of settings) expect(EXAMPLE, name).toMatch(new RegExp(`^# ${name}=`, 'm'));
  });

  it('sets nothing as it is: every line is a comment or blank', () => {
    for (const line of EXAMPLE.split('\n')) expect(line).toMatch(/^(#.*)?$/);
  });
});
