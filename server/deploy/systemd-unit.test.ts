import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const UNIT_PATH = new URL('../../deploy/systemd/auth-console.service', import.meta.url);
const UNIT = readFileSync(UNIT_PATH, 'utf8');

/** The unit's `Key=value` lines of one section, in order (a key may repeat). */
function section(name: string): [string, string][] {
  const lines = UNIT.split('\n');
  const start = lines.indexOf(`[${name}]`);
  if (start < 0) throw new Error(`no [${name}] section`);
  const end = lines.findIndex((line, index) => index > start && line.startsWith('['));
  return lines
    .slice(start + 1, end < 0 ? undefined : end)
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const eq = line.indexOf('=');
      return [line.slice(0, eq), line.slice(eq + 1)];
    });
}

const service = section('Service');
/** The Node.js LTS line CI tests besides the machine's own. */
const LTS_LINE = /^LTS_LINE=(\d+)$/m.exec(
  readFileSync(new URL('../../scripts/test-on-lts.sh', import.meta.url), 'utf8'),
)?.[1];

/** A command line's words, as systemd splits them (double-quoted words whole). */
const words = (line: string) => [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2]!);
const values = (key: string) => service.filter(([name]) => name === key).map(([, value]) => value);

function hasSystemdAnalyze(): boolean {
  return spawnSync('systemd-analyze', ['--version'], { stdio: 'ignore' }).status === 0;
}

describe('deploy/systemd/auth-console.service', () => {
  it('runs the server without root, on a read-only system with the state directory the only place to write', () => {
    expect(values('DynamicUser')).toEqual(['yes']);
    expect(values('User')).toEqual([]);
    expect(values('ProtectSystem')).toEqual(['strict']);
    expect(values('ReadWritePaths')).toEqual([]);
    expect(values('StateDirectory')).toEqual(['auth-console']);
    // With the emulator on, its database goes to the state directory (/var/lib/auth-console).
    expect(values('Environment')).toContain('DATA_DIR=/var/lib/auth-console');
    expect(values('NoNewPrivileges')).toEqual(['yes']);
    expect(values('PrivateTmp')).toEqual(['yes']);
    expect(values('ProtectHome')).toEqual(['yes']);
    expect(values('CapabilityBoundingSet')).toEqual(['']);
    expect(values('AmbientCapabilities')).toEqual(['']);
    expect(values('MemoryDenyWriteExecute')).toEqual([]);
  });

  it('starts the console and relay alone from /opt/auth-console, with settings from an environment file', () => {
    expect(values('Environment')).toContain('EMULATOR=off');
    expect(values('EnvironmentFile')).toEqual(['/etc/auth-console/auth-console.env']);
    expect(values('WorkingDirectory')).toEqual(['/opt/auth-console']);
    const serve = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      scripts: Record<string, string>;
    };
    // `npm run serve`, with node named by its path.
    expect(values('ExecStart')).toEqual([serve.scripts.serve!.replace(/^node /, '/usr/bin/node ')]);
    expect(values('Restart')).toEqual(['on-failure']);
  });

  it('runs the Node.js LTS line CI tests and docs/deployment.md installs, and refuses to start on any other', () => {
    expect(LTS_LINE).toMatch(/^\d+$/);
    const deployment = readFileSync(new URL('../../docs/deployment.md', import.meta.url), 'utf8');
    expect(deployment).toContain(`Node.js ${LTS_LINE} LTS`);
    expect(deployment).toContain(`node_${LTS_LINE}.x`);
    const pre = values('ExecStartPre');
    expect(pre).toHaveLength(1);
    const [node, ...args] = words(pre[0]!);
    expect(node).toBe('/usr/bin/node');
    expect(args.join(' ')).toContain(`startsWith('${LTS_LINE}.')`);
    // Run here as systemd would run it: on the LTS line it lets the service start, on any other it stops it.
    const check = spawnSync(process.execPath, args, { encoding: 'utf8' });
    if (process.versions.node.startsWith(`${LTS_LINE}.`)) {
      expect(check.stderr).toBe('');
      expect(check.status).toBe(0);
    } else {
      expect(check.stderr).toContain(`Auth Console runs on Node.js ${LTS_LINE} (docs/deployment.md)`);
      expect(check.stderr).toContain(process.version);
      expect(check.status).toBe(1);
    }
  });

  it('passes systemd-analyze verify (where systemd is installed)', () => {
    if (!hasSystemdAnalyze()) return;
    const dir = mkdtempSync(join(tmpdir(), 'auth-console-unit-'));
    try {
      // Wherever node is on this machine: verify checks that ExecStart's program exists.
      const path = join(dir, 'auth-console.service');
      writeFileSync(path, UNIT.replaceAll('/usr/bin/node ', `${process.execPath} `));
      const { status, stderr } = spawnSync('systemd-analyze', ['verify', path], { encoding: 'utf8' });
      // Unknown or misspelt keys are only warned about: the warnings count as failures here.
      expect(stderr).toBe('');
      expect(status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
