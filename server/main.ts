import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PRODUCTION_BASE, SANDBOX_BASE } from '../contract/web-api/bases.ts';
import { ConfigError } from './config/config-error.ts';
import { emulatorWanted, loadConfig, readsEnvFile, type Config } from './config/config.ts';
import { loadEnvFile } from './config/env-file.ts';
import { createLogger } from './runtime/log.ts';
import { RealmError } from './realm/realm.ts';
import type { SeededRealm } from './realm/seed.ts';
import type { ReplaySummary } from './emulator/mount.ts';
import { identityLines, realmLines } from './realm/sign-in-lines.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function ssoLines(url: string, config: Config, realm: SeededRealm): string[] {
  if (config.sso.kind === 'external') return [`  Single sign-on: through ${config.sso.issuer}`];
  return [
    `  Single sign-on: ${url}${PRODUCTION_BASE}/api/auth/loginsso, through the embedded provider at ${config.publicOrigin ?? url}/idp`,
    ...identityLines(realm, config.ssoClaim === 'email'),
  ];
}

/** What the start says about REPLAY_DIR: how many recordings it loaded, and those it will not answer as asked. */
function replayLines(replay: ReplaySummary): string[] {
  const shadowed = replay.shadowed.join(', ');
  return [
    `  Replay: ${replay.loaded} recording${replay.loaded === 1 ? '' : 's'} loaded from ${replay.dir}`,
    ...(shadowed === ''
      ? []
      : replay.overrides
        ? [`    Answered by a matching recording first (REPLAY_OVERRIDES), else by the emulator: ${shadowed}`]
        : [
            `    Not replayed, the emulator answers them itself (REPLAY_OVERRIDES=on lets recordings answer first): ${shadowed}`,
          ]),
    ...replay.tooOld.map((line) => `    Warning: ${line}`),
    ...(replay.misses
      ? [`    A call no recording answers is relayed to "${replay.misses}" and recorded (REPLAY_MISSES)`]
      : []),
  ];
}

function banner(
  url: string,
  config: Config,
  realm: SeededRealm,
  replay: ReplaySummary | null,
  certPath: string | null,
  envFile: string | null,
) {
  const { dataDir } = config;
  const lines = [
    '',
    `  Auth Console and Web API emulator: ${url}/`,
    `  API base URL:   ${url}${PRODUCTION_BASE}/   (sandbox: ${url}${SANDBOX_BASE}/)`,
    `  Data directory: ${dataDir}`,
    ...(envFile ? [`  Settings read from ${envFile} (the environment wins over it)`] : []),
    ...(certPath
      ? [`  TLS certificate: ${certPath} (trust it in your client: NODE_EXTRA_CA_CERTS, REQUESTS_CA_BUNDLE)`]
      : []),
    '',
    ...realmLines(realm),
    ...ssoLines(url, config, realm),
    ...(config.emulatorControl
      ? [
          `  Test control: ${url}/_emulator/ (clock, faults, reset${config.emulatorControl.token ? '; bearer EMULATOR_CONTROL_TOKEN' : ''})`,
        ]
      : []),
    ...config.relayTenants.map((tenant) => `  Relay: ${url}/relay/${tenant.name}/ -> ${tenant.upstream}/`),
    ...(config.recordDir && config.recordDir !== replay?.dir ? [`  Recording to: ${config.recordDir}`] : []),
    ...(replay ? replayLines(replay) : []),
    '',
  ];
  console.log(lines.join('\n'));
}

/**
 * With the emulator off, the start is told as JSON log lines like everything else the server prints, for the log
 * collector of the service it runs as; nothing of the emulator (data directory, demo sign-ins) is named.
 */
function announce(url: string, config: Config, certPath: string | null, envFile: string | null) {
  const logger = createLogger(config.logLevel);
  logger.info(
    {
      url,
      emulator: false,
      ...(config.defaultConnection ? { default: config.defaultConnection } : {}),
      ...(envFile ? { settingsFile: envFile } : {}),
      ...(certPath ? { tlsCertificate: certPath } : {}),
    },
    `Auth Console (emulator off): ${url}/`,
  );
  const ignored = config.ignoredSettings;
  if (ignored.length > 0) {
    logger.warn(
      { ignored },
      `Ignored with the emulator off (they act on the emulator alone): ${ignored.join(', ')}. Single sign-on goes through each tenant's own loginsso.`,
    );
  }
  for (const tenant of config.relayTenants) {
    logger.info(
      {
        relay: `${url}/relay/${tenant.name}/`,
        upstream: tenant.upstream,
        label: tenant.label ?? tenant.name,
      },
      `Relay: ${url}/relay/${tenant.name}/ -> ${tenant.upstream}/`,
    );
  }
}

interface Say {
  line(message: string): void;
  failure(message: string): void;
}

/** Plain lines with the emulator on, as ever; JSON log lines with it off. */
function say(json: boolean): Say {
  if (!json) return { line: (message) => console.log(message), failure: (message) => console.error(message) };
  // The level of a setting that may itself be what failed is unknown: start and stop lines are always shown.
  const logger = createLogger('info');
  return { line: (message) => logger.info(message), failure: (message) => logger.fatal(message) };
}

async function main() {
  const argv = process.argv.slice(2);
  const envFile = readsEnvFile(argv) ? loadEnvFile() : null;
  const config = loadConfig(process.env, argv, root);
  // Loaded only once the settings are good, so that a bad one is reported without loading the whole server.
  const { createApp } = await import('./app.ts');
  const app = await createApp(config);
  const url = await app.listen();
  const certPath =
    config.tls.kind === 'files'
      ? config.tls.certPath
      : config.tls.kind === 'self-signed'
        ? `${config.dataDir}/tls/localhost-cert.pem`
        : null;
  if (app.realm) banner(url, config, app.realm, app.replay, certPath, envFile);
  else announce(url, config, certPath, envFile);
  const out = say(!config.emulator);
  const stop = () => {
    const closing = app.close();
    // Printed once the server no longer accepts connections.
    out.line(
      config.emulator
        ? '  Stopping: requests in flight may finish, then the database is closed.'
        : 'Stopping: requests in flight may finish.',
    );
    closing.then(
      () => process.exit(0),
      (error: unknown) => {
        out.failure(`Stopped with an error: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  const out = say(!emulatorWanted(process.env, process.argv.slice(2)));
  if (error instanceof ConfigError || error instanceof RealmError) {
    out.failure(`Cannot start: ${error.message}`);
  } else if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
    out.failure('Cannot start: the port is in use. Set PORT to another port.');
  } else {
    out.failure(`Cannot start: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(1);
});
