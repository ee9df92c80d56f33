import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../contract/body-limit.ts';
import { send, type SendOptions } from '../testing/http-client.ts';
import { DEMO, login, loginAdmin } from '../testing/start-server.ts';
import { useTestServer } from '../testing/use-test-server.ts';
import { withControlApi } from './control-description.ts';
import { EMULATOR_OPENAPI } from './description.ts';

/**
 * Every status an operation answers is one its OpenAPI description lists. Each operation of the description is
 * called with every kind of caller, every kind of path value, each query parameter given good and bad values one
 * at a time, and every kind of body its description takes (and none, and one too large): the statuses that come
 * back must all be described. Deterministic: the same few hundred requests each run.
 */

interface Parameter {
  name: string;
  in: 'path' | 'query';
}

interface Operation {
  method: string;
  /** As the description writes it, e.g. `/api/people/{uid}`. */
  path: string;
  parameters: Parameter[];
  /** The media types of its request body, none when it takes no body. */
  bodyTypes: string[];
  /** The properties of its body's schema. */
  bodyProperties: string[];
  documented: string[];
}

type Description = ReturnType<typeof withControlApi>;
type Schema = { $ref?: string; properties?: Record<string, unknown> };

function resolveSchema(description: Description, schema: Schema | undefined): Schema {
  if (!schema?.$ref) return schema ?? {};
  const name = schema.$ref.split('/').at(-1)!;
  const { schemas } = description.components as { schemas?: Record<string, Schema> };
  return schemas?.[name] ?? {};
}

function operationsOf(description: Description, below: (path: string) => boolean): Operation[] {
  const paths = description.paths as Record<string, Record<string, unknown>>;
  return Object.entries(paths)
    .filter(([path]) => below(path))
    .flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => ['get', 'post', 'patch', 'delete'].includes(method))
        .map(([method, raw]) => {
          const op = raw as {
            parameters?: Parameter[];
            requestBody?: { content: Record<string, { schema: Schema }> };
            responses: Record<string, unknown>;
          };
          const content = op.requestBody?.content ?? {};
          const schema = resolveSchema(description, Object.values(content)[0]?.schema);
          return {
            method: method.toUpperCase(),
            path,
            parameters: op.parameters ?? [],
            bodyTypes: Object.keys(content),
            bodyProperties: Object.keys(schema.properties ?? {}),
            documented: Object.keys(op.responses),
          };
        }),
    );
}

/** Good values for the properties bodies name, so that a well-formed body can also succeed. */
function goodValues(): Record<string, unknown> {
  const name = `statuses-${randomUUID().slice(0, 8)}`;
  return {
    username: DEMO.jdoe,
    password: DEMO.password,
    BEID: DEMO.exampleBeid,
    WebServicesKey: DEMO.exampleKey,
    FirstName: 'Stat',
    LastName: 'Uses',
    PrimaryEmail: `${name}@example.edu`,
    UserName: `${name}@example.edu`,
    TypeID: 1,
    IsActive: true,
    advance: '1m',
    realm: false,
    active: true,
    method: 'GET',
    path: '/api/auth/getuser',
    status: 503,
    times: 1,
  };
}

/** Values of a path parameter: one that exists, one that could but does not, one malformed. */
const PATH_VALUES: Record<string, string[]> = {
  uid: ['c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8', randomUUID(), 'not-a-guid'],
  UserName: [DEMO.asmith, 'nobody@example.edu', '%20'],
  BEID: [DEMO.closedBeid, randomUUID(), 'not-a-guid'],
};

/** Values of a query parameter, good and bad. */
const QUERY_VALUES = ['', 'abc', '5', '0', '101', '/profile', '//evil.example', 'a'.repeat(201)];

/** Each query parameter given one value at a time, the others left out; and none at all. */
function queries(op: Operation): URLSearchParams[] {
  const names = op.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  return [
    new URLSearchParams(),
    ...names.flatMap((name) => QUERY_VALUES.map((value) => new URLSearchParams({ [name]: value }))),
  ];
}

function paths(op: Operation): string[] {
  let filled = [op.path];
  for (const { name } of op.parameters.filter((p) => p.in === 'path')) {
    const values = PATH_VALUES[name];
    if (!values) throw new Error(`No path values for {${name}} of ${op.method} ${op.path}`);
    filled = filled.flatMap((path) => values.map((value) => path.replace(`{${name}}`, value)));
  }
  return filled;
}

interface Body {
  type?: string;
  text?: string | Buffer;
}

function bodies(op: Operation): Body[] {
  if (op.method === 'GET') return [{}];
  const good = goodValues();
  const wellFormed = Object.fromEntries(op.bodyProperties.map((name) => [name, good[name] ?? 'x']));
  const json = 'application/json';
  return [
    {},
    { type: json, text: '{}' },
    { type: json, text: JSON.stringify(wellFormed) },
    { type: json, text: JSON.stringify({ unexpected: 1 }) },
    { type: json, text: JSON.stringify(Object.fromEntries(op.bodyProperties.map((name) => [name, [null]]))) },
    { type: json, text: '{"not json' },
    { type: 'text/plain', text: JSON.stringify(wellFormed) },
    { type: json, text: Buffer.alloc(MAX_BODY_BYTES + 1, 0x20) },
    ...op.bodyTypes
      .filter((type) => type === 'application/x-www-form-urlencoded')
      .map((type) => ({ type, text: new URLSearchParams(wellFormed as Record<string, string>).toString() })),
  ];
}

/** Calls every operation in every way; returns what came back that its description does not list. */
async function undocumented(
  origin: string,
  base: string,
  ops: Operation[],
  callers: (string | undefined)[],
): Promise<string[]> {
  const found = new Set<string>();
  for (const op of ops) {
    for (const authorization of callers) {
      for (const path of paths(op)) {
        for (const query of queries(op)) {
          for (const body of bodies(op)) {
            const headers: Record<string, string> = {};
            if (authorization) headers.Authorization = authorization;
            if (body.type) headers['Content-Type'] = body.type;
            const search = query.size > 0 ? `?${query.toString()}` : '';
            const options: SendOptions = { method: op.method, path: `${base}${path}${search}`, headers };
            if (body.text !== undefined) options.body = body.text;
            const res = await send(origin, options);
            if (!op.documented.includes(String(res.status)))
              found.add(`${op.method} ${op.path}: ${res.status}`);
          }
        }
      }
    }
  }
  return [...found].sort();
}

describe('the statuses the emulated API answers', () => {
  // Rate limits out of the way: a 429 is described everywhere, and would hide the other answers.
  const server = useTestServer({ config: { rateLimit: 1_000_000 } });

  it('are all in its OpenAPI description', async () => {
    const callers = [
      undefined,
      'Bearer not-a-token',
      `Bearer ${await login(server.api, DEMO.asmith)}`,
      `Bearer ${await loginAdmin(server.api)}`,
      `Bearer ${await login(server.api, DEMO.jdoe)}`,
    ];
    const ops = operationsOf(withControlApi(EMULATOR_OPENAPI), (path) => !path.startsWith('/_emulator/'));
    expect(ops.length).toBeGreaterThanOrEqual(10);
    expect(await undocumented(server.origin, '/TDWebApi', ops, callers)).toEqual([]);
  }, 300_000);
});

describe('the statuses the control API answers', () => {
  const token = 'a-control-token-for-statuses';
  const server = useTestServer({ config: { emulatorControl: { token } } });

  it('are all in its OpenAPI description', async () => {
    const ops = operationsOf(withControlApi(EMULATOR_OPENAPI), (path) => path.startsWith('/_emulator/'));
    expect(ops.length).toBeGreaterThanOrEqual(7);
    const callers = [undefined, 'Bearer a-wrong-token-of-length', `Bearer ${token}`];
    expect(await undocumented(server.origin, '', ops, callers)).toEqual([]);
  }, 300_000);
});
