import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TESTS = ['**/*.test.{ts,tsx}', 'src/testing/**'];

/** `zone(target, from, why, except)`: files under `target` import nothing under `from` (but `except`, from it). */
const zone = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });

// The console's floors, lowest first: each imports only from the floors below it (and from contract/). Test
// files and src/testing/ stand above them all: they render the whole app, and nothing but tests imports them.
const FLOORS = ['src/lib', 'src/session', 'src/components', 'src/features', 'src/app', 'src/main.tsx'];
const floorZones = FLOORS.slice(0, -1).map((floor, index) =>
  zone(
    floor,
    [...FLOORS.slice(index + 1), 'src/testing'],
    `${floor} sits below ${FLOORS.slice(index + 1).join(', ')}: what it needs from above, it receives.`,
  ),
);

// Features meet only through a feature's public entry, `public.ts`: what it lets the others use, and nothing else of
// it. What several features share lives on a floor below them. Every folder of src/features/ is a feature.
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => `src/features/${entry.name}`);
const featureZones = FEATURES.map((feature) =>
  zone(
    FEATURES.filter((other) => other !== feature),
    feature,
    `Another feature imports ${feature} only through its public entry, ${feature}/public.ts.`,
    ['./public.ts'],
  ),
);

// The two sides share contract/ and nothing else; contract/ stands on its own.
const sideZones = [
  zone(
    'contract',
    ['src', 'server'],
    'contract/ is what the console and the server share: it imports neither.',
  ),
  zone('server', 'src', 'The server never imports the console: what both need belongs in contract/.'),
];

// The server's ground floors (the settings, the clock and log, the rate-limit counters, the HTTP plumbing, the
// store) know nothing of the rooms built on them.
const SERVER_ROOMS = ['auth', 'sso', 'idp', 'people', 'relay', 'recordings', 'realm', 'openapi'].map(
  (room) => `server/${room}`,
);
const SERVER_TOP = ['server/app.ts', 'server/main.ts'];
const ABOVE_GROUND = [...SERVER_ROOMS, 'server/emulator', 'server/store', ...SERVER_TOP];
const serverZones = [
  zone(
    'server/config',
    ABOVE_GROUND,
    'server/config is below the rooms that use it: it reads settings, nothing more.',
  ),
  zone(
    'server/rate-limit',
    [...ABOVE_GROUND, 'server/http', 'server/config'],
    'server/rate-limit is below the rooms that use it: it counts calls, the HTTP answer is theirs.',
  ),
  zone(
    'server/runtime',
    [...ABOVE_GROUND, 'server/http', 'server/config', 'server/rate-limit'],
    'server/runtime is below every part that is handed its clock and log: it imports nothing of the server.',
  ),
  zone(
    'server/store',
    [...SERVER_ROOMS, 'server/http', ...SERVER_TOP],
    'server/store is below the rooms that use it.',
  ),
  zone(
    'server/http',
    [...SERVER_ROOMS, 'server/store', ...SERVER_TOP],
    'server/http is below the rooms that use it.',
  ),
  // The relay records through server/recordings; what both need (the tenant content's policy) is in server/http.
  zone(
    'server/recordings',
    'server/relay',
    'server/recordings is below the relay that records through it: what both need belongs in server/http.',
  ),
];

// SQL has one home: the schema and the queries on it live in server/store/; the rooms call its functions.
const SQL_IN_STORE = 'SQL lives in server/store/, beside the schema: add the query there and call it.';
const sqlOutsideStore = [
  { selector: 'CallExpression[callee.property.name=/^(prepare|pragma)$/]', message: SQL_IN_STORE },
  // db.exec('…'): a string is SQL, where RegExp#exec takes a variable.
  {
    selector: "CallExpression[callee.property.name='exec'][arguments.0.type=/^(Literal|TemplateLiteral)$/]",
    message: SQL_IN_STORE,
  },
];

// The Web API's rules have one home, contract/web-api/: its method list, its two bases, which calls are sign-ins and
// which the Auth area. A second copy is refused wherever the code of either side, the scripts or the packaged command
// would grow one; tests, their helpers and end-to-end specs may still spell URLs. A rule of its own (no-restricted-syntax
// under another name), so that it adds to the SQL rule below rather than replacing it.
const ONE_HOME = 'contract/web-api/';
const oneHome = (what, where) => `${what} has one home: ${where} in ${ONE_HOME}. Import it from there.`;
const METHOD_LIST = oneHome('The Web API’s method list', 'API_METHODS and isApiMethod (methods.ts)');
const BASES = oneHome(
  'The two bases, /TDWebApi and /SBTDWebApi,',
  'PRODUCTION_BASE, SANDBOX_BASE and apiBaseOf (bases.ts)',
);
const SIGN_IN = oneHome('Which calls are sign-ins and which the Auth area', 'authCallOf (auth-calls.ts)');
const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];
// `/` cannot stand inside an esquery regular expression: \x2F is one.
const BASE_TEXT = '/\\x2F(sb)?tdwebapi(?![a-z0-9])/i';
// The outermost of nested arrays or conditions only, so that one copy is one complaint.
const OUTER_ARRAY = 'ArrayExpression:not(ArrayExpression ArrayExpression)';
const OUTER_CONDITION = 'LogicalExpression:not(LogicalExpression LogicalExpression)';
/** Each message once per node, whichever of its selectors the node matches. */
const refuse = (message, selectors) => ({ selector: selectors.join(', '), message });
const webApiRules = [
  // Two of the four methods that write, side by side in one array or type union, make a method list.
  refuse(
    METHOD_LIST,
    WRITES.flatMap((a, i) =>
      WRITES.slice(i + 1).flatMap((b) => [
        `ArrayExpression:has(> Literal[value='${a}']):has(> Literal[value='${b}'])`,
        `TSUnionType:has(TSLiteralType > Literal[value='${a}']):has(TSLiteralType > Literal[value='${b}'])`,
      ]),
    ),
  ),
  refuse(BASES, [
    `Literal[value=${BASE_TEXT}]`,
    `TemplateElement[value.raw=${BASE_TEXT}]`,
    `JSXText[value=${BASE_TEXT}]`,
    'Literal[regex.pattern=/tdwebapi/i]',
  ]),
  // A regular expression, a list of segments or a condition that spells the Auth area or a sign-in: `api` then
  // `auth`, or `auth` then `login` (the identity provider's own `/interaction/…/login` is neither).
  refuse(SIGN_IN, [
    'Literal[regex.pattern=/api.*auth|auth.*login/i]',
    `${OUTER_ARRAY}:has(Literal[value=/^api$/i]):has(Literal[value=/^auth$/i])`,
    `${OUTER_CONDITION}:has(Literal[value=/^api$/i]):has(Literal[value=/^auth$/i])`,
  ]),
];

export default defineConfig([
  globalIgnores(['dist/', '.data/', 'playwright-report/', 'test-results/', '.tmp/']),
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        // Each file is checked against its nearest tsconfig: server/tsconfig.json for server/, the root one elsewhere.
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['server/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', '*.config.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'contract/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // The root tsconfig's paths (`@/`, `@contract/`), so that an alias is judged by the file it names.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          tsconfig: { configFile: `${import.meta.dirname}/tsconfig.json` },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: sideZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // A collected better-sqlite3 object can abort Node 24: every database is opened by openSqlite, which
    // keeps what it hands out (server/store/open-sqlite.ts). Its types may be imported anywhere.
    files: ['server/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['server/store/open-sqlite.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'better-sqlite3',
              allowTypeImports: true,
              message:
                'Open a database with openSqlite (server/store/open-sqlite.ts), which keeps its objects.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: [...TESTS, 'server/store/**', 'server/testing/**'],
    rules: { 'no-restricted-syntax': ['error', ...sqlOutsideStore] },
  },
  {
    files: [
      'src/**/*.{ts,tsx}',
      'server/**/*.ts',
      'contract/**/*.ts',
      'scripts/**/*.ts',
      'bin/**/*.js',
      '*.config.ts',
    ],
    ignores: [
      ...TESTS,
      'server/testing/**',
      '**/*.package-test.ts',
      `${ONE_HOME}**`,
      // It drives a browser against stand-in tenants, as the end-to-end specs do.
      'scripts/screenshots.ts',
      'playwright.config.ts',
    ],
    plugins: { 'web-api': { rules: { 'one-home': builtinRules.get('no-restricted-syntax') } } },
    rules: { 'web-api/one-home': ['error', ...webApiRules] },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'contract/**/*.ts'],
    ignores: TESTS,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...sideZones,
            zone(
              'src',
              'server',
              'The console never imports the server: what both need belongs in contract/.',
            ),
            ...floorZones,
            ...featureZones,
            ...serverZones,
          ],
        },
      ],
    },
  },
]);
