import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Type-aware linting builds each tsconfig's program once: the first file of each side is slow.
const SLOW = 120_000;
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: import.meta.dirname });
});

/** The messages of `rule` for `code` linted as if it were the file at `filePath` (which must exist). */
async function complaints(filePath: string, code: string, rule = 'import-x/no-restricted-paths') {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule || m.fatal).map((m) => m.message);
}

describe('the import boundaries', () => {
  it.each([
    ['src/lib/clock.ts', "import { routes } from '@/app/routing/router';", 'src/lib sits below'],
    ['src/lib/clock.ts', "import { render } from '@/testing/render';", 'src/lib sits below'],
    [
      'src/session/lifecycle/countdown.ts',
      "import { SCREENS } from '@/app/routing/screens';",
      'src/session sits below',
    ],
    [
      'src/components/page-header.tsx',
      "import { PasteToken } from '@/features/sso/components/paste-token';",
      'src/components sits below',
    ],
    [
      'src/features/decode/components/decode-page.tsx',
      "import { preloadScreen } from '@/app/routing/screens';",
      'src/features sits below',
    ],
    [
      'src/features/decode/components/decode-page.tsx',
      "import { theme } from '../../../app/theme';",
      'src/features sits below',
    ],
    [
      'src/lib/clock.ts',
      "import { systemClock } from '../../server/runtime/clock.ts';",
      'never imports the server',
    ],
    ['server/runtime/clock.ts', "import { now } from '../../src/lib/clock';", 'never imports the console'],
    ['server/store/db.ts', "import { hashPassword } from '../auth/passwords.ts';", 'server/store is below'],
    ['server/http/errors.ts', "import { openDb } from '../store/db.ts';", 'server/http is below'],
    ['server/config/config.ts', "import { openDb } from '../store/db.ts';", 'server/config is below'],
    [
      'server/rate-limit/limiter.ts',
      "import { ApiError } from '../http/errors.ts';",
      'server/rate-limit is below',
    ],
    [
      'server/runtime/clock.ts',
      "import { loadConfig } from '../config/config.ts';",
      'server/runtime is below',
    ],
    ['contract/is-guid.ts', "import { systemClock } from '../server/runtime/clock.ts';", 'contract/ is what'],
    [
      'src/features/decode/components/decode-page.tsx',
      "import { ClaimsTable } from '@/features/token/components/claims-table';",
      'imports src/features/token only through its public entry',
    ],
    [
      'src/features/token/components/token-page.tsx',
      "import { loginWithPassword } from '../../password-login/api/password-sign-in';",
      'imports src/features/password-login only through its public entry',
    ],
    [
      'src/features/requests/components/app-id-choice.tsx',
      "import { currentUserQuery } from '@/features/profile/api/get-user';",
      'imports src/features/profile only through its public entry',
    ],
    [
      'server/recordings/replay.ts',
      "import { MAX_UPSTREAM_BYTES } from '../relay/relay.ts';",
      'server/recordings is below the relay',
    ],
  ])('refuses %s importing across a boundary: %s', { timeout: SLOW }, async (file, line, message) => {
    const messages = await complaints(file, `${line}\nexport const probe = 1;\n`);
    expect(messages).toEqual([expect.stringContaining(message)]);
  });

  it.each([
    ['src/app/routing/not-found-page.tsx', "import { SCREENS } from './screens';"],
    ['src/features/decode/components/decode-page.tsx', "import { PROFILE_PATH } from '@/lib/routes';"],
    [
      'src/features/decode/components/decode-page.tsx',
      "import { ClaimsTable } from '@/features/token/public';",
    ],
    ['src/features/sso/components/sso-page.tsx', "import { verifyPastedToken } from '../api/verify-token';"],
    ['src/lib/jwt.test.ts', "import { renderRoute } from '@/testing/render';"],
    ['server/auth/routes.ts', "import { openDb } from '../store/db.ts';"],
  ])('lets %s import downward or sideways: %s', { timeout: SLOW }, async (file, line) => {
    expect(await complaints(file, `${line}\nexport const probe = 1;\n`)).toEqual([]);
  });

  it(
    'refuses better-sqlite3 itself outside openSqlite, and lets its types through',
    { timeout: SLOW },
    async () => {
      const rule = '@typescript-eslint/no-restricted-imports';
      const value =
        "import Database from 'better-sqlite3';\nexport const probe = new Database(':memory:');\n";
      expect(await complaints('server/store/db.test.ts', value, rule)).toEqual([
        expect.stringContaining('openSqlite'),
      ]);
      const types = "import type { Statement } from 'better-sqlite3';\nexport type Probe = Statement;\n";
      expect(await complaints('server/store/users.ts', types, rule)).toEqual([]);
      expect(await complaints('server/store/open-sqlite.ts', value, rule)).toEqual([]);
    },
  );

  it('refuses a circle', { timeout: SLOW }, async () => {
    // copy-commands.ts imports mask-body.ts: importing it back closes a circle.
    const code =
      "import { TOKEN_PLACEHOLDER } from './copy-commands';\nexport const probe = TOKEN_PLACEHOLDER;\n";
    expect(await complaints('src/lib/mask-body.ts', code, 'import-x/no-cycle')).toEqual([
      expect.stringContaining('Dependency cycle'),
    ]);
  });
});

describe('SQL beside the schema', () => {
  it.each([
    ['server/sso/sessions.ts', "db.prepare('SELECT 1');"],
    ['server/realm/realm.ts', "db.exec('DELETE FROM users');"],
    ['server/idp/adapter.ts', 'db.pragma(`incremental_vacuum(8)`);'],
  ])('refuses SQL in %s: %s', { timeout: SLOW }, async (file, line) => {
    const code = `import type { Db } from '../store/db.ts';\nexport function probe(db: Db) {\n  ${line}\n}\n`;
    expect(await complaints(file, code, 'no-restricted-syntax')).toEqual([
      expect.stringContaining('SQL lives in server/store/'),
    ]);
  });

  it.each([
    ['server/store/users.ts', "db.prepare('SELECT 1');"],
    ['server/store/db.test.ts', "db.prepare('SELECT 1');"],
    ['server/auth/bearer.ts', 'BEARER.exec(header);'],
  ])('lets %s have %s', { timeout: SLOW }, async (file, line) => {
    const code = [
      "import type { Db } from '../store/db.ts';",
      'const BEARER = /x/;',
      'export function probe(db: Db, header: string) {',
      `  ${line}`,
      '}',
      '',
    ].join('\n');
    expect(await complaints(file, code, 'no-restricted-syntax')).toEqual([]);
  });
});

describe('the Web API’s rules in one home, contract/web-api/', () => {
  const rule = 'web-api/one-home';

  it.each([
    [
      'src/lib/api-client.ts',
      "export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';",
      'method list',
    ],
    [
      'server/http/router.ts',
      "export type RouteMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';",
      'method list',
    ],
    [
      'server/relay/relay.ts',
      "export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;",
      'method list',
    ],
    [
      'server/recordings/recording-file.ts',
      "export const METHODS = new Set(['PUT', 'DELETE']);",
      'method list',
    ],
    [
      'scripts/catalog-source.ts',
      "export const METHODS: string[] = ['GET', 'POST', 'PATCH'];",
      'method list',
    ],
    ['src/lib/connection.ts', "export const BASE = '/TDWebApi';", 'two bases'],
    ['server/emulator/paths.ts', "export const BASES = ['/tdwebapi', '/sbtdwebapi'];", 'two bases'],
    [
      'src/features/requests/catalog/help-url.ts',
      "export const HELP = 'https://api.teamdynamix.com/TDWebApi';",
      'two bases',
    ],
    ['server/main.ts', 'export const line = (url: string) => `${url}/SBTDWebApi/`;', 'two bases'],
    [
      'src/lib/connection-details.ts',
      'export const isSandbox = (url: string) => /\\/SBTDWebApi$/i.test(url);',
      'two bases',
    ],
    ['vite.config.ts', "export const proxied = ['/TDWebApi', '/idp'];", 'two bases'],
    [
      'src/features/requests/form/request-form.ts',
      'export const isSignInPath = (path: string) => /^\\/api\\/auth(\\/login|\\/loginadmin)?(\\?|$)/i.test(path);',
      'sign-ins',
    ],
    [
      'server/relay/relayed-method.ts',
      "export const TAILS = [['api', 'auth'], ['api', 'auth', 'login']];",
      'sign-ins',
    ],
    [
      'server/recordings/replay.ts',
      "export const inAuth = (lower: string[]) => lower[0] === 'api' && lower[1] === 'auth';",
      'sign-ins',
    ],
  ])('refuses in %s a second copy: %s', { timeout: SLOW }, async (file, code, what) => {
    const messages = await complaints(file, `${code}\n`, rule);
    // One complaint per copy: the list of the two bases has two.
    expect(messages).toHaveLength(code.includes("'/sbtdwebapi'") ? 2 : 1);
    for (const message of messages) expect(message).toContain(what);
  });

  it.each([
    [
      'contract/web-api/methods.ts',
      "export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;",
    ],
    ['contract/web-api/bases.ts', "export const BASE = '/TDWebApi';"],
    ['server/relay/relay.test.ts', "export const PATH = '/TDWebApi/api/auth/login';"],
    ['server/testing/start-server.ts', "export const API = '/SBTDWebApi/api';"],
    ['server/auth/bearer.ts', 'export const CHALLENGE = \'Bearer realm="TDWebApi"\';'],
    ['server/emulator/control/faults.ts', "export type FaultMethod = 'GET' | 'POST';"],
    [
      'server/idp/interactions.ts',
      'export const ROUTE = /^\\/interaction\\/([\\w-]{1,64})(?:\\/(login|abort))?$/;',
    ],
    ['server/http/request-log.ts', "export const WORDS = ['auth', 'interaction', 'login'];"],
    ['server/relay/token-required.ts', 'export const BEARER = /^authorization|authenticate$/i;'],
  ])('lets %s have %s', { timeout: SLOW }, async (file, code) => {
    expect(await complaints(file, `${code}\n`, rule)).toEqual([]);
  });

  it('adds to the SQL rule of the server, not in its place', { timeout: SLOW }, async () => {
    const code = [
      "import type { Db } from '../store/db.ts';",
      "export const probe = (db: Db) => db.prepare('SELECT 1');",
      "export const base = '/TDWebApi';",
      '',
    ].join('\n');
    expect(await complaints('server/relay/relay.ts', code, 'no-restricted-syntax')).toEqual([
      expect.stringContaining('SQL lives in server/store/'),
    ]);
    expect(await complaints('server/relay/relay.ts', code, rule)).toEqual([
      expect.stringContaining('two bases'),
    ]);
  });
});
