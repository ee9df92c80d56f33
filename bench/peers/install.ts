import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The peers' versions, pinned so that runs compare alike. They are not devDependencies: some 250 packages and
 * 130 MB that every `npm ci` would fetch for one section of the benchmark.
 */
export const PEER_VERSIONS = { wiremock: '3.13.2', '@mockoon/cli': '9.9.0' } as const;

/** Where they are installed, once, from the npm registry; removed with node_modules. */
const CACHE = resolve(import.meta.dirname, '../../node_modules/.cache/auth-console-bench-peers');
const INSTALL_TIMEOUT_MS = 600_000;

export interface Peers {
  /** WireMock standalone's jar (the npm package `wiremock` ships it); null with the reason when Java is missing. */
  wiremockJar: string | null;
  noJava: string | null;
  /** The Mockoon CLI's entry point, run with this Node. */
  mockoonCli: string;
  /** Where `@mockoon/commons` is, to build its environment file with its own builders. */
  mockoonCommons: string;
}

function installedVersion(name: string): string | null {
  try {
    const file = join(CACHE, 'node_modules', name, 'package.json');
    return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  } catch {
    return null;
  }
}

function npmInstall(log: (line: string) => void): Promise<void> {
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(
    join(CACHE, 'package.json'),
    `${JSON.stringify({ private: true, dependencies: PEER_VERSIONS }, null, 2)}\n`,
  );
  log(
    `Installing ${Object.entries(PEER_VERSIONS)
      .map(([name, version]) => `${name}@${version}`)
      .join(' and ')} from the npm registry into ${CACHE} (once; some 130 MB, install scripts not run).`,
  );
  return new Promise((done, fail) => {
    const child = spawn(
      'npm',
      ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock', '--loglevel=error'],
      { cwd: CACHE, stdio: ['ignore', 'ignore', 'pipe'], timeout: INSTALL_TIMEOUT_MS },
    );
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`npm install exited ${code}: ${errors.trim().slice(-500)}`)),
    );
  });
}

/** Why WireMock cannot run here (no `java` on PATH, or one that fails), or null when it can. */
function javaMissing(): string | null {
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (java.error || java.status !== 0) {
    return 'no Java on PATH (Debian: apt-get install -y openjdk-17-jre-headless)';
  }
  return null;
}

/**
 * WireMock and Mockoon for the benchmark, installed on first use into node_modules/.cache from the npm registry
 * (the ordinary client, versions pinned); throws when they cannot be installed (offline, say), which the section
 * reports as skipped.
 */
export async function peers(log: (line: string) => void): Promise<Peers> {
  const current = Object.entries(PEER_VERSIONS).every(
    ([name, version]) => installedVersion(name) === version,
  );
  if (!current) await npmInstall(log);
  const build = join(CACHE, 'node_modules', 'wiremock', 'build');
  const jar = existsSync(build) ? readdirSync(build).find((name) => name.endsWith('.jar')) : undefined;
  if (!jar) throw new Error(`the wiremock package in ${CACHE} holds no jar`);
  const noJava = javaMissing();
  return {
    wiremockJar: noJava ? null : join(build, jar),
    noJava,
    mockoonCli: join(CACHE, 'node_modules', '@mockoon', 'cli', 'bin', 'run.js'),
    mockoonCommons: join(CACHE, 'node_modules', '@mockoon', 'commons'),
  };
}
