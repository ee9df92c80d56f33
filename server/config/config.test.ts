import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-error.ts';
import { emulatorWanted, loadConfig, readsEnvFile } from './config.ts';

const ROOT = '/srv/auth-console';

function configError(env: NodeJS.ProcessEnv, argv: string[] = []): string {
  try {
    loadConfig(env, argv, ROOT);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted it');
}

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({}, [], ROOT)).toEqual({
      host: '127.0.0.1',
      port: 8080,
      dataDir: `${ROOT}/.data`,
      distDir: `${ROOT}/dist`,
      tls: { kind: 'none' },
      rateLimit: null,
      trustedProxies: [],
      realmFile: null,
      publicOrigin: null,
      sso: { kind: 'embedded' },
      ssoClaim: 'email',
      ssoAllowUnverifiedEmail: false,
      idpClients: [],
      emulator: true,
      relayTenants: [],
      defaultConnection: null,
      relayTimeoutMs: 30_000,
      allowedHosts: [],
      logLevel: 'info',
      serveConsole: true,
      emulatorControl: null,
      journalMax: 1000,
      journalValues: false,
      recordDir: null,
      recordRedact: [],
      recordMaxFiles: 1000,
      recordMaxBytes: 256 * 1024 * 1024,
      recordSequences: false,
      replayDir: null,
      replayIgnore: [],
      replayOverrides: false,
      replayMisses: null,
      replayMaxAgeMs: null,
      replayTooOld: 'warn',
      ignoredSettings: [],
    });
  });

  describe('recordings', () => {
    const TENANTS = { RELAY_TENANTS: 'sandbox=https://sandbox.example.edu/SBTDWebApi' };

    it('records with RECORD_DIR or --record (the flag wins), with the emulator off too', () => {
      const config = loadConfig(
        { EMULATOR: 'off', ...TENANTS, RECORD_DIR: 'rec', RECORD_REDACT: ' PrimaryEmail , FullName,' },
        [],
        ROOT,
      );
      expect(config.recordDir).toBe(resolve('rec'));
      expect(config.recordRedact).toEqual(['PrimaryEmail', 'FullName']);
      expect(loadConfig({ ...TENANTS, RECORD_DIR: 'rec' }, ['--record=other'], ROOT).recordDir).toBe(
        resolve('other'),
      );
    });

    it('replays with REPLAY_DIR or --replay', () => {
      expect(loadConfig({ REPLAY_DIR: 'rec' }, [], ROOT).replayDir).toBe(resolve('rec'));
      expect(loadConfig({}, ['--replay=played'], ROOT).replayDir).toBe(resolve('played'));
    });

    it('names the tenant with --tenant, as RELAY_TENANTS (the flag wins)', () => {
      const config = loadConfig(
        { RELAY_TENANTS: 'other=https://other.example.edu/TDWebApi' },
        ['--tenant=sandbox=https://sandbox.example.edu/SBTDWebApi', '--record=rec'],
        ROOT,
      );
      expect(config.relayTenants).toEqual([
        { name: 'sandbox', upstream: 'https://sandbox.example.edu/SBTDWebApi' },
      ]);
      expect(config.recordDir).toBe(resolve('rec'));
    });

    it('bounds the recordings and keeps sequences when told', () => {
      const config = loadConfig(
        { ...TENANTS, RECORD_DIR: 'rec', RECORD_MAX_FILES: '50', RECORD_MAX_MB: '2', RECORD_SEQUENCES: 'on' },
        [],
        ROOT,
      );
      expect(config).toMatchObject({
        recordMaxFiles: 50,
        recordMaxBytes: 2 * 1024 * 1024,
        recordSequences: true,
      });
      expect(configError({ ...TENANTS, RECORD_DIR: 'rec', RECORD_MAX_FILES: '0' })).toBe(
        'RECORD_MAX_FILES must be a whole number from 1 to 1000000 (got "0").',
      );
      expect(configError({ ...TENANTS, RECORD_MAX_MB: '5' })).toBe(
        'RECORD_MAX_MB needs RECORD_DIR (--record) or REPLAY_MISSES.',
      );
    });

    it('reads the replay options: fields to leave out, overrides, age, misses', () => {
      const config = loadConfig(
        {
          ...TENANTS,
          REPLAY_DIR: 'rec',
          REPLAY_IGNORE: 'CreatedDateFrom, CreatedDateTo',
          REPLAY_OVERRIDES: '1',
          REPLAY_MAX_AGE: '30d',
          REPLAY_TOO_OLD: 'refuse',
          REPLAY_MISSES: 'sandbox',
          REPLAY_TENANT_TOKEN: 'a-sandbox-token',
        },
        [],
        ROOT,
      );
      expect(config).toMatchObject({
        replayIgnore: ['CreatedDateFrom', 'CreatedDateTo'],
        replayOverrides: true,
        replayMaxAgeMs: 30 * 86_400_000,
        replayTooOld: 'refuse',
        replayMisses: { tenant: 'sandbox', token: 'a-sandbox-token' },
        // A miss is recorded where replay reads.
        recordDir: resolve('rec'),
      });
      expect(loadConfig({ REPLAY_DIR: 'rec', REPLAY_MAX_AGE: '12h' }, [], ROOT).replayMaxAgeMs).toBe(
        12 * 3_600_000,
      );
      const replay = { ...TENANTS, REPLAY_DIR: 'rec' };
      expect(configError({ ...replay, REPLAY_MAX_AGE: '30 days' })).toBe(
        'REPLAY_MAX_AGE must be a number of days or hours, such as 30d or 12h (got "30 days").',
      );
      expect(configError({ ...replay, REPLAY_TOO_OLD: 'ignore' })).toBe(
        'REPLAY_TOO_OLD must be warn or refuse (got "ignore").',
      );
      expect(configError({ ...replay, REPLAY_IGNORE: 'Created Date' })).toBe(
        'REPLAY_IGNORE must list query parameter and body field names, such as CreatedDateFrom,CreatedDateTo (got "Created Date").',
      );
      expect(configError({ REPLAY_OVERRIDES: '1' })).toBe('REPLAY_OVERRIDES needs REPLAY_DIR (--replay).');
      expect(
        configError({ ...replay, REPLAY_MISSES: 'nowhere', REPLAY_TENANT_TOKEN: 'a-sandbox-token' }),
      ).toBe(
        'REPLAY_MISSES must name a relay tenant (RELAY_TENANTS, --tenant, or CONNECTIONS_FILE) (got "nowhere").',
      );
      expect(configError({ ...replay, REPLAY_MISSES: 'sandbox' })).toMatch(
        /^REPLAY_MISSES needs REPLAY_TENANT_TOKEN: /,
      );
      expect(configError({ ...replay, REPLAY_TENANT_TOKEN: 'a-sandbox-token' })).toBe(
        'REPLAY_TENANT_TOKEN needs REPLAY_MISSES.',
      );
      expect(
        configError({
          ...replay,
          RECORD_DIR: 'other',
          REPLAY_MISSES: 'sandbox',
          REPLAY_TENANT_TOKEN: 'a-sandbox-token',
        }),
      ).toBe(
        'REPLAY_MISSES records into REPLAY_DIR: leave RECORD_DIR unset, or set it to the same directory.',
      );
    });

    it('refuses what could never work, saying why', () => {
      expect(configError({ RECORD_REDACT: 'FullName' })).toBe(
        'RECORD_REDACT needs RECORD_DIR (--record) or REPLAY_MISSES.',
      );
      expect(configError({ ...TENANTS, RECORD_DIR: 'rec', RECORD_REDACT: 'Full Name' })).toBe(
        'RECORD_REDACT must list JSON field names, such as PrimaryEmail,FullName (got "Full Name").',
      );
      expect(configError({ RECORD_DIR: 'rec' })).toMatch(/^RECORD_DIR \(--record\) records what the relay/);
      expect(configError({ EMULATOR: 'off', ...TENANTS, REPLAY_DIR: 'rec' })).toBe(
        'REPLAY_DIR (--replay) needs the emulator: it is refused with EMULATOR=off.',
      );
    });
  });

  it('serves the API only with --no-console', () => {
    expect(loadConfig({}, ['--no-console'], ROOT).serveConsole).toBe(false);
    expect(configError({}, ['--no-console=yes'])).toBe('--no-console takes no value (got "yes").');
  });

  it('reads .env unless --no-env-file (the packaged bin’s), which takes no value', () => {
    expect(readsEnvFile([])).toBe(true);
    expect(readsEnvFile(['--port=0'])).toBe(true);
    expect(readsEnvFile(['--port=0', '--no-env-file'])).toBe(false);
    expect(loadConfig({}, ['--no-env-file'], ROOT)).toEqual(loadConfig({}, [], ROOT));
    expect(configError({}, ['--no-env-file=0'])).toBe('--no-env-file takes no value (got "0").');
  });

  it('reads EMULATOR_CONTROL: on loopback without a token, anywhere with one', () => {
    for (const host of ['127.0.0.1', '::1', 'localhost']) {
      expect(loadConfig({ EMULATOR_CONTROL: '1', HOST: host }, [], ROOT).emulatorControl).toEqual({
        token: null,
      });
    }
    const token = 'a-control-token-of-some-length';
    expect(
      loadConfig({ EMULATOR_CONTROL: 'true', EMULATOR_CONTROL_TOKEN: token, HOST: '0.0.0.0' }, [], ROOT)
        .emulatorControl,
    ).toEqual({ token });
    expect(loadConfig({ EMULATOR_CONTROL: '0' }, [], ROOT).emulatorControl).toBeNull();
  });

  it('refuses EMULATOR_CONTROL off loopback without a token, with the emulator off, or malformed', () => {
    expect(configError({ EMULATOR_CONTROL: '1', HOST: '0.0.0.0' })).toBe(
      'EMULATOR_CONTROL=1 is refused while the server listens on 0.0.0.0: listen on loopback only (HOST=127.0.0.1, ::1 or localhost) or set EMULATOR_CONTROL_TOKEN.',
    );
    expect(configError({ EMULATOR_CONTROL: '1' }, ['--host=10.0.0.5'])).toMatch(/listens on 10\.0\.0\.5/);
    expect(
      configError({
        EMULATOR_CONTROL: '1',
        EMULATOR: 'off',
        RELAY_TENANTS: 'acme=https://acme.example/TDWebApi',
      }),
    ).toBe('EMULATOR_CONTROL=1 needs the emulator: it is refused with EMULATOR=off.');
    expect(configError({ EMULATOR_CONTROL: 'enabled' })).toBe(
      'EMULATOR_CONTROL must be yes or no: 1, true, yes or on; 0, false, no or off, in any letter case (got "enabled").',
    );
    expect(configError({ EMULATOR_CONTROL: '1', EMULATOR_CONTROL_TOKEN: 'short' })).toBe(
      'EMULATOR_CONTROL_TOKEN must be at least 16 characters long.',
    );
    expect(configError({ EMULATOR_CONTROL_TOKEN: 'a-control-token-of-some-length' })).toBe(
      'EMULATOR_CONTROL_TOKEN needs EMULATOR_CONTROL=1.',
    );
  });

  it('reads the request journal’s EMULATOR_JOURNAL_MAX and EMULATOR_JOURNAL_VALUES, which need EMULATOR_CONTROL', () => {
    expect(loadConfig({}, [], ROOT)).toMatchObject({ journalMax: 1000, journalValues: false });
    expect(
      loadConfig(
        { EMULATOR_CONTROL: '1', EMULATOR_JOURNAL_MAX: '10000', EMULATOR_JOURNAL_VALUES: 'yes' },
        [],
        ROOT,
      ),
    ).toMatchObject({ journalMax: 10_000, journalValues: true });
    expect(configError({ EMULATOR_CONTROL: '1', EMULATOR_JOURNAL_MAX: '10001' })).toMatch(
      /^EMULATOR_JOURNAL_MAX must be a whole number from 1 to 10000/,
    );
    expect(configError({ EMULATOR_CONTROL: '1', EMULATOR_JOURNAL_VALUES: 'sometimes' })).toMatch(
      /^EMULATOR_JOURNAL_VALUES must be yes or no/,
    );
    for (const name of ['EMULATOR_JOURNAL_MAX', 'EMULATOR_JOURNAL_VALUES']) {
      expect(configError({ [name]: '1' })).toBe(
        `${name} needs EMULATOR_CONTROL=1: the request journal is the control API's.`,
      );
    }
  });

  it('refuses EMULATOR_CONTROL without a token whenever something sits in front: TRUST_PROXY, PUBLIC_ORIGIN, ALLOWED_HOSTS', () => {
    expect(
      configError({
        EMULATOR_CONTROL: '1',
        TRUST_PROXY: '127.0.0.1',
        PUBLIC_ORIGIN: 'http://emu.example.test:8080',
      }),
    ).toBe(
      'EMULATOR_CONTROL=1 needs EMULATOR_CONTROL_TOKEN when TRUST_PROXY, PUBLIC_ORIGIN are set: something sits in front of this server, and every caller it forwards could reach the control API.',
    );
    for (const [name, value] of [
      ['TRUST_PROXY', 'loopback'],
      ['PUBLIC_ORIGIN', 'http://localhost:5173'],
      ['ALLOWED_HOSTS', 'emu.example.test'],
    ] as const) {
      expect(configError({ EMULATOR_CONTROL: '1', [name]: value })).toBe(
        `EMULATOR_CONTROL=1 needs EMULATOR_CONTROL_TOKEN when ${name} is set: something sits in front of this server, and every caller it forwards could reach the control API.`,
      );
      const token = 'a-control-token-of-some-length';
      expect(
        loadConfig({ EMULATOR_CONTROL: '1', EMULATOR_CONTROL_TOKEN: token, [name]: value }, [], ROOT)
          .emulatorControl,
      ).toEqual({ token });
    }
    // Set but empty says nothing sits in front: a loopback-only start keeps needing no token.
    expect(
      loadConfig(
        { EMULATOR_CONTROL: '1', TRUST_PROXY: ' , ', PUBLIC_ORIGIN: '', ALLOWED_HOSTS: '' },
        [],
        ROOT,
      ).emulatorControl,
    ).toEqual({ token: null });
  });

  it('reads ALLOWED_HOSTS: names or addresses, each with an optional port', () => {
    expect(
      loadConfig({ ALLOWED_HOSTS: 'Console.Example.edu, 10.0.0.5:8080,[::2]:443' }, [], ROOT).allowedHosts,
    ).toEqual([
      { name: 'console.example.edu', port: null },
      { name: '10.0.0.5', port: '8080' },
      { name: '[::2]', port: '443' },
    ]);
  });

  it('refuses a malformed ALLOWED_HOSTS entry, naming it', () => {
    for (const entry of [
      'https://a.example',
      'a.example/x',
      'a.example:99999',
      '*.example',
      'a b',
      'a.example:',
    ]) {
      expect(configError({ ALLOWED_HOSTS: `ok.example,${entry}` })).toBe(
        `ALLOWED_HOSTS entries must be a host name or address with an optional port, such as console.example.edu or 10.0.0.5:8080 (got "${entry}").`,
      );
    }
  });

  it('reads LOG_LEVEL and refuses an unknown level', () => {
    expect(loadConfig({ LOG_LEVEL: 'warn' }, [], ROOT).logLevel).toBe('warn');
    expect(configError({ LOG_LEVEL: 'loud' })).toBe(
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud").',
    );
  });

  it('reads PORT, HOST and DATA_DIR, resolving a relative data directory against the working directory', () => {
    const config = loadConfig({ PORT: '3000', HOST: '0.0.0.0', DATA_DIR: 'tmp/data' }, [], ROOT);
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', dataDir: resolve('tmp/data') });
    expect(loadConfig({ DATA_DIR: '/var/lib/emulator' }, [], ROOT).dataDir).toBe('/var/lib/emulator');
    expect(loadConfig({ PORT: '0' }, [], ROOT).port).toBe(0);
  });

  it('lets flags win over the environment', () => {
    const config = loadConfig(
      { PORT: '3000', HOST: 'a' },
      ['--port=4000', '--host=::1', '--data-dir=d'],
      ROOT,
    );
    expect(config).toMatchObject({ port: 4000, host: '::1', dataDir: resolve('d') });
  });

  it.each(['abc', '-1', '65536', '80.5', '1e3', ' 80'])(
    'refuses PORT=%j with a message naming PORT',
    (port) => {
      expect(configError({ PORT: port })).toMatch(/^PORT must be a whole number from 0 to 65535/);
    },
  );

  it('refuses a bad --port flag the same way', () => {
    expect(configError({}, ['--port=http'])).toMatch(/^PORT must be a whole number/);
  });

  it.each([
    [['--bogus'], /Unknown flag --bogus/],
    [['--PORT=1'], /Unknown argument "--PORT=1"/],
    [['serve'], /Unknown argument "serve"/],
    [['-p', '80'], /Unknown argument "-p"/],
  ])('refuses the arguments %j', (argv, message) => {
    expect(configError({}, argv)).toMatch(message);
  });

  it('reads RATE_LIMIT and refuses nonsense', () => {
    expect(loadConfig({ RATE_LIMIT: '5' }, [], ROOT).rateLimit).toBe(5);
    expect(loadConfig({ RATE_LIMIT: '' }, [], ROOT).rateLimit).toBeNull();
    expect(configError({ RATE_LIMIT: '0' })).toMatch(/^RATE_LIMIT must be a whole number from 1/);
    expect(configError({ RATE_LIMIT: 'lots' })).toMatch(/^RATE_LIMIT/);
  });

  it('reads TRUST_PROXY as a comma-separated list', () => {
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.1, ::1 ,,' }, [], ROOT).trustedProxies).toEqual([
      '10.0.0.1',
      '::1',
    ]);
  });

  it('takes addresses, CIDR ranges and loopback in TRUST_PROXY', () => {
    const entries = [
      'loopback',
      '10.0.0.0/8',
      '192.168.1.0/255.255.255.0',
      '2001:db8::/32',
      'fe80::1',
      'uniquelocal',
    ];
    expect(loadConfig({ TRUST_PROXY: entries.join(',') }, [], ROOT).trustedProxies).toEqual(entries);
  });

  it.each([
    'proxy.example.com',
    'localhost',
    '10.0.0.0/33',
    '::1/129',
    '10.0.0.1/8/8',
    '1',
    '10.0.0.0/',
    'LOOPBACK',
  ])('refuses TRUST_PROXY entry %j with a message naming it', (entry) => {
    const message = configError({ TRUST_PROXY: `127.0.0.1, ${entry}` });
    expect(message).toBe(
      `TRUST_PROXY entries must be an IP address, a CIDR range such as 10.0.0.0/8 or one of loopback, linklocal, uniquelocal (got "${entry}").`,
    );
  });

  it('reads REALM_FILE', () => {
    expect(loadConfig({ REALM_FILE: '/etc/realm.json' }, [], ROOT).realmFile).toBe('/etc/realm.json');
  });

  describe('TLS', () => {
    it('uses TLS_CERT and TLS_KEY together', () => {
      expect(loadConfig({ TLS_CERT: '/c.pem', TLS_KEY: '/k.pem' }, [], ROOT).tls).toEqual({
        kind: 'files',
        certPath: '/c.pem',
        keyPath: '/k.pem',
      });
      expect(loadConfig({ TLS_CERT: 'c.pem', TLS_KEY: 'k.pem' }, [], ROOT).tls).toMatchObject({
        certPath: resolve('c.pem'),
      });
    });

    it('refuses one of TLS_CERT and TLS_KEY without the other', () => {
      expect(configError({ TLS_CERT: '/c.pem' })).toBe('Set both TLS_CERT and TLS_KEY, or neither.');
      expect(configError({ TLS_KEY: '/k.pem' })).toBe('Set both TLS_CERT and TLS_KEY, or neither.');
    });

    it('makes a self-signed certificate on --self-signed or TLS_SELF_SIGNED', () => {
      expect(loadConfig({}, ['--self-signed'], ROOT).tls).toEqual({ kind: 'self-signed' });
      expect(loadConfig({ TLS_SELF_SIGNED: '1' }, [], ROOT).tls).toEqual({ kind: 'self-signed' });
      expect(loadConfig({ TLS_SELF_SIGNED: 'true' }, [], ROOT).tls).toEqual({ kind: 'self-signed' });
      expect(loadConfig({ TLS_SELF_SIGNED: '0' }, [], ROOT).tls).toEqual({ kind: 'none' });
    });

    it('prefers given certificate files over a self-signed one', () => {
      expect(loadConfig({ TLS_CERT: '/c.pem', TLS_KEY: '/k.pem' }, ['--self-signed'], ROOT).tls.kind).toBe(
        'files',
      );
    });
  });

  describe('single sign-on', () => {
    const external = {
      SSO_ISSUER: 'https://login.example.edu/oidc',
      SSO_CLIENT_ID: 'tdx',
      SSO_CLIENT_SECRET: 's3cret',
    };

    it('uses an external provider given SSO_ISSUER, SSO_CLIENT_ID and SSO_CLIENT_SECRET', () => {
      expect(loadConfig(external, [], ROOT).sso).toEqual({
        kind: 'external',
        issuer: 'https://login.example.edu/oidc',
        clientId: 'tdx',
        clientSecret: 's3cret',
      });
    });

    it('keeps the issuer exactly as written, since it is compared exactly with the metadata', () => {
      const issuer = 'https://login.example.edu/oidc/';
      expect(loadConfig({ ...external, SSO_ISSUER: issuer }, [], ROOT).sso).toMatchObject({ issuer });
    });

    it.each([
      [{ SSO_ISSUER: 'https://x.example' }, /SSO_ISSUER needs SSO_CLIENT_ID and SSO_CLIENT_SECRET/],
      [{ SSO_CLIENT_ID: 'tdx' }, /need SSO_ISSUER/],
      [
        { ...external, SSO_ISSUER: 'ftp://x.example' },
        /^SSO_ISSUER must be an absolute http or https URL\.$/,
      ],
      [
        { ...external, SSO_ISSUER: 'login.example.edu' },
        /^SSO_ISSUER must be an absolute http or https URL\.$/,
      ],
      [{ ...external, SSO_ISSUER: 'https://x.example/?tenant=1' }, /^SSO_ISSUER must not have a query/],
      [
        { ...external, SSO_ISSUER: 'https://user:pw@x.example' },
        /^SSO_ISSUER must not contain a user name or password\.$/,
      ],
    ])('refuses %j', (env, message) => {
      expect(configError(env)).toMatch(message);
    });

    it('reads SSO_CLAIM (default email) and refuses what cannot be a claim name', () => {
      expect(loadConfig({ SSO_CLAIM: 'preferred_username' }, [], ROOT).ssoClaim).toBe('preferred_username');
      expect(configError({ SSO_CLAIM: 'a b' })).toMatch(/^SSO_CLAIM must be a claim name/);
    });

    it('reads SSO_ALLOW_UNVERIFIED_EMAIL (default off) as yes or no', () => {
      expect(loadConfig({}, [], ROOT).ssoAllowUnverifiedEmail).toBe(false);
      expect(loadConfig({ SSO_ALLOW_UNVERIFIED_EMAIL: '1' }, [], ROOT).ssoAllowUnverifiedEmail).toBe(true);
      expect(loadConfig({ SSO_ALLOW_UNVERIFIED_EMAIL: '0' }, [], ROOT).ssoAllowUnverifiedEmail).toBe(false);
    });

    it('reads PUBLIC_ORIGIN as an origin', () => {
      expect(loadConfig({ PUBLIC_ORIGIN: 'https://tdx.example.edu' }, [], ROOT).publicOrigin).toBe(
        'https://tdx.example.edu',
      );
      expect(loadConfig({ PUBLIC_ORIGIN: 'http://localhost:5173/' }, [], ROOT).publicOrigin).toBe(
        'http://localhost:5173',
      );
      expect(configError({ PUBLIC_ORIGIN: 'https://tdx.example.edu/console' })).toBe(
        'PUBLIC_ORIGIN must be an origin, without a path (got https://tdx.example.edu/console).',
      );
      expect(configError({ PUBLIC_ORIGIN: 'tdx.example.edu' })).toBe(
        'PUBLIC_ORIGIN must be an absolute http or https URL.',
      );
    });

    it('reads SSO_IDP_CLIENTS, the extra clients of the embedded provider', () => {
      const clients = [
        { client_id: 'other', client_secret: 'other-secret', redirect_uris: ['http://127.0.0.1:9090/cb'] },
      ];
      expect(loadConfig({ SSO_IDP_CLIENTS: JSON.stringify(clients) }, [], ROOT).idpClients).toEqual([
        {
          clientId: 'other',
          clientSecret: 'other-secret',
          redirectUris: ['http://127.0.0.1:9090/cb'],
          postLogoutRedirectUris: [],
        },
      ]);
      const signingOut = [{ ...clients[0], post_logout_redirect_uris: ['http://127.0.0.1:9090/sign-in'] }];
      expect(
        loadConfig({ SSO_IDP_CLIENTS: JSON.stringify(signingOut) }, [], ROOT).idpClients[0]
          ?.postLogoutRedirectUris,
      ).toEqual(['http://127.0.0.1:9090/sign-in']);
    });

    it.each([
      ['not json', /must be a JSON array/],
      ['{}', /must be a JSON array/],
      ['[1]', /must be a JSON array/],
      ['[{"client_id":"a","client_secret":"short","redirect_uris":["http://x/cb"]}]', /8 characters or more/],
      ['[{"client_id":"a","client_secret":"long-enough"}]', /needs redirect_uris/],
      [
        '[{"client_id":"a","client_secret":"long-enough","redirect_uris":["nope"]}]',
        /^A redirect URI of SSO_IDP_CLIENTS entry "a" must be an absolute http or https URL\.$/,
      ],
      [
        '[{"client_id":"a","client_secret":"long-enough","redirect_uris":["http://x/cb"],"post_logout_redirect_uris":"http://x/"}]',
        /post_logout_redirect_uris must be an array of URLs/,
      ],
    ])('refuses SSO_IDP_CLIENTS=%s', (value, message) => {
      expect(configError({ SSO_IDP_CLIENTS: value })).toMatch(message);
    });
  });

  describe('EMULATOR', () => {
    const TENANT = { RELAY_TENANTS: 'acme=https://acme.teamdynamix.com/TDWebApi' };

    it('is on unless set to off, in the environment or by --emulator (which wins)', () => {
      expect(loadConfig({}, [], ROOT).emulator).toBe(true);
      expect(loadConfig({ EMULATOR: '' }, [], ROOT).emulator).toBe(true);
      expect(loadConfig({ EMULATOR: 'on' }, [], ROOT).emulator).toBe(true);
      expect(loadConfig({ EMULATOR: 'off', ...TENANT }, [], ROOT).emulator).toBe(false);
      expect(loadConfig(TENANT, ['--emulator=off'], ROOT).emulator).toBe(false);
      expect(loadConfig({ EMULATOR: 'off' }, ['--emulator=on'], ROOT).emulator).toBe(true);
    });

    it.each([
      [{ EMULATOR: 'sometimes' }, []],
      [{ EMULATOR: 'y' }, []],
      [{ EMULATOR: '2' }, []],
      [{}, ['--emulator=maybe']],
    ])('refuses %o %o, naming the setting', (env, argv) => {
      expect(configError(env, argv)).toMatch(/^EMULATOR \(--emulator\) must be yes or no: .* \(got "/);
    });

    it('off, refuses to start with no tenant to relay to', () => {
      expect(configError({ EMULATOR: 'off' })).toMatch(
        /^EMULATOR=off leaves nothing to serve: name a tenant to relay to in CONNECTIONS_FILE or RELAY_TENANTS\.$/,
      );
    });

    it('off, refuses a self-signed certificate, which it would have to write into DATA_DIR', () => {
      expect(configError({ EMULATOR: 'off', TLS_SELF_SIGNED: '1', ...TENANT })).toMatch(
        /^TLS_SELF_SIGNED \(--self-signed\) writes its certificate into DATA_DIR, and with EMULATOR=off nothing is written/,
      );
      expect(configError({ EMULATOR: 'off', ...TENANT }, ['--self-signed'])).toMatch(/^TLS_SELF_SIGNED/);
      const files = { TLS_CERT: 'cert.pem', TLS_KEY: 'key.pem' };
      expect(loadConfig({ EMULATOR: 'off', ...TENANT, ...files }, [], ROOT).tls.kind).toBe('files');
    });

    it('names the emulator’s own settings set while it is off, never DATA_DIR, and none while it is on', () => {
      const set = {
        RATE_LIMIT: '5',
        REALM_FILE: 'realm.json',
        SSO_CLAIM: 'upn',
        SSO_CLIENT_ID: '',
        DATA_DIR: '/var/lib/auth-console',
        LOG_LEVEL: 'warn',
      };
      expect(loadConfig({ EMULATOR: 'off', ...TENANT, ...set }, [], ROOT).ignoredSettings).toEqual([
        'RATE_LIMIT',
        'REALM_FILE',
        'SSO_CLAIM',
      ]);
      expect(loadConfig({ EMULATOR: 'off', ...TENANT }, [], ROOT).ignoredSettings).toEqual([]);
      expect(loadConfig(set, [], ROOT).ignoredSettings).toEqual([]);
    });

    it('is read for a failed start’s output without refusing anything', () => {
      expect(emulatorWanted({}, [])).toBe(true);
      expect(emulatorWanted({ EMULATOR: 'off' }, [])).toBe(false);
      expect(emulatorWanted({}, ['--port=1', '--emulator=off'])).toBe(false);
      expect(emulatorWanted({ EMULATOR: 'sideways' }, [])).toBe(true);
      expect(emulatorWanted({ EMULATOR: 'off' }, ['--nonsense'])).toBe(true);
    });
  });

  describe('RELAY_TENANTS', () => {
    const relay = (value: string) => loadConfig({ RELAY_TENANTS: value }, [], ROOT).relayTenants;

    it('reads named upstream bases, in order, without a trailing slash', () => {
      expect(
        relay(
          ' acme=https://acme.teamdynamix.com/TDWebApi , acme-sandbox=https://acme.teamdynamix.com/SBTDWebApi/,,',
        ),
      ).toEqual([
        { name: 'acme', upstream: 'https://acme.teamdynamix.com/TDWebApi' },
        { name: 'acme-sandbox', upstream: 'https://acme.teamdynamix.com/SBTDWebApi' },
      ]);
      expect(relay('x1=https://tdx.example.edu:8443/Custom/Path')).toEqual([
        { name: 'x1', upstream: 'https://tdx.example.edu:8443/Custom/Path' },
      ]);
      expect(relay('root=https://tdx.example.edu')).toEqual([
        { name: 'root', upstream: 'https://tdx.example.edu' },
      ]);
      expect(relay('')).toEqual([]);
    });

    it.each([
      'http://127.0.0.1:9090/TDWebApi',
      'http://127.8.9.10/TDWebApi',
      'http://127.1:9090/TDWebApi',
      'http://[::1]:9090/TDWebApi',
      'http://localhost:9090/TDWebApi',
    ])('allows plain http to the loopback host of %s', (url) => {
      expect(relay(`local=${url}`)).toHaveLength(1);
    });

    it.each([
      [
        'acme=http://acme.teamdynamix.com/TDWebApi',
        /must use https; plain http is allowed only for loopback/,
      ],
      ['acme=http://10.0.0.1/TDWebApi', /must use https/],
      ['acme=http://128.0.0.1/TDWebApi', /must use https/],
      ['acme=http://localhost.evil.example/TDWebApi', /must use https/],
      ['acme=http://[::ffff:127.0.0.1]/TDWebApi', /must use https/],
      ['acme=https://user:pw@acme.teamdynamix.com/TDWebApi', /must not contain a user name or password/],
      ['acme=https://token@acme.teamdynamix.com/TDWebApi', /must not contain a user name or password/],
      ['acme=https://acme.teamdynamix.com/TDWebApi?x=1', /must not have a query or fragment/],
      ['acme=https://acme.teamdynamix.com/TDWebApi?', /must not have a query or fragment/],
      ['acme=https://acme.teamdynamix.com/TDWebApi#top', /must not have a query or fragment/],
      ['acme=acme.teamdynamix.com/TDWebApi', /must be an absolute https URL/],
      ['acme=/TDWebApi', /must be an absolute https URL/],
      ['acme=ftp://acme.teamdynamix.com/TDWebApi', /must be an absolute https URL/],
      ['acme=', /must be an absolute https URL/],
      ['acme', /entries must be name=https-url/],
      ['Acme=https://acme.teamdynamix.com/TDWebApi', /names must be 1 to 63 lower-case letters/],
      ['ac_me=https://acme.teamdynamix.com/TDWebApi', /names must be/],
      ['-acme=https://acme.teamdynamix.com/TDWebApi', /names must be/],
      ['../x=https://acme.teamdynamix.com/TDWebApi', /names must be/],
      ['=https://acme.teamdynamix.com/TDWebApi', /names must be/],
      [`${'a'.repeat(64)}=https://acme.teamdynamix.com/TDWebApi`, /names must be/],
      ['a=https://a.example/TDWebApi,a=https://b.example/TDWebApi', /names the tenant "a" more than once/],
      ['emulator=https://a.example/TDWebApi', /names must not be "emulator"/],
    ])('refuses %s', (value, message) => {
      expect(configError({ RELAY_TENANTS: value })).toMatch(message);
    });

    it('never repeats a refused URL’s password in the message', () => {
      for (const url of [
        'https://user:hunter2@acme.example/TDWebApi',
        'http://user:hunter2@acme.example/TDWebApi',
        'ftp://user:hunter2@acme.example/TDWebApi',
        'https://user:hunter2@',
        'https://user:hunter2@acme.example/TDWebApi?x=1',
      ]) {
        expect(configError({ RELAY_TENANTS: `acme=${url}` })).not.toContain('hunter2');
      }
    });

    it('reads RELAY_TIMEOUT_MS (default 30 s)', () => {
      expect(loadConfig({ RELAY_TIMEOUT_MS: '250' }, [], ROOT).relayTimeoutMs).toBe(250);
      expect(configError({ RELAY_TIMEOUT_MS: '0' })).toMatch(
        /^RELAY_TIMEOUT_MS must be a whole number from 1/,
      );
      expect(configError({ RELAY_TIMEOUT_MS: '30s' })).toMatch(/^RELAY_TIMEOUT_MS/);
    });
  });
});

describe('npm start with a malformed TRUST_PROXY', () => {
  it('stops at once with one line naming TRUST_PROXY and a non-zero exit code', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'trust-proxy-'));
    try {
      // spawnSync's timeout kills the server should it start after all, so a failure cannot leave it running.
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: resolve(import.meta.dirname, '../..'),
        env: { ...process.env, PORT: '0', DATA_DIR: dataDir, TRUST_PROXY: '127.0.0.1,proxy.example.com' },
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(run.status).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(
        /^Cannot start: TRUST_PROXY entries [^\n]* \(got "proxy\.example\.com"\)\.\n$/,
      );
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
