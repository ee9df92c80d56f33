/**
 * The test-control API (EMULATOR_CONTROL=1) as OpenAPI paths, added to the emulator's description only while it
 * is on. Its paths sit outside both API bases, so each path item names its own server (the server's root).
 */
import { API_BASES } from '../../contract/web-api/bases.ts';

const json = (schema: object) => ({ 'application/json': { schema } });
const error = (description: string) => ({
  description,
  content: json({ $ref: '#/components/schemas/ApiError' }),
});
const body = (schema: object, required = true) => ({ required, content: json(schema) });
const answer = (description: string, schema: object = { type: 'object' }) => ({
  description,
  content: json(schema),
});
const ROOT = [{ url: '/', description: 'The server’s root: the control API is outside the API bases' }];
const SECURITY = [{ controlToken: [] }, {}];
/** What a call that reads a body may be refused with. */
const REFUSALS = {
  '400': error('A malformed body or property, named in the message.'),
  '401': error('EMULATOR_CONTROL_TOKEN is set and the call did not carry it as a bearer.'),
  '403': error(
    'cross_site_request: a page of another site made the browser send it (Sec-Fetch-Site or Origin say so).',
  ),
  '413': error('A body over 64 KB.'),
  '415': error('A body that is not JSON in UTF-8 (application/json or text/json).'),
};

const CLOCK = {
  type: 'object',
  properties: {
    now: { type: 'string', format: 'date-time' },
    offsetSeconds: {
      type: 'number',
      description: 'How far the clock stands from real time (0: real time); negative when set back.',
    },
  },
};

const FAULT = {
  type: 'object',
  required: ['method', 'path'],
  additionalProperties: false,
  properties: {
    method: { enum: ['GET', 'POST'] },
    path: {
      type: 'string',
      examples: ['/api/auth/getuser', '/api/people/{uid}'],
      description:
        'Below either API base, of an endpoint the emulator answers (anything else is refused: the fault could ' +
        'never fire). A {name} segment where the route takes a parameter matches any value there.',
    },
    status: {
      enum: [401, 429, 500, 503],
      description: '401 as an expired token, 429 as the rate limit, 500, 503; omitted: only the delay.',
    },
    times: {
      type: 'integer',
      minimum: 1,
      maximum: 10000,
      default: 1,
      description:
        'How many matching calls get it. A 429 given without times holds instead: it answers the next matching ' +
        'call, and its caller’s calls of that method get the same 429 until its reset, by the emulator’s clock ' +
        '(X-RateLimit-Remaining 0, the same X-RateLimit-Reset, Retry-After counting down), then a new window ' +
        'starts; "times": 1 is a single 429.',
    },
    retryAfter: {
      type: 'integer',
      minimum: 1,
      description: 'Seconds, with 429 (its Retry-After and X-RateLimit-Reset) or 503 (its Retry-After).',
    },
    omitRetryAfter: {
      type: 'boolean',
      default: false,
      description: 'With 429: no Retry-After header, only the X-RateLimit-* headers say when to try again.',
    },
    delayMs: { type: 'integer', minimum: 0, maximum: 120000 },
  },
};

/** A fault as listed: what was given, with the defaults filled in. */
const FAULTS = {
  type: 'object',
  properties: {
    faults: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          ...FAULT.properties,
          status: { enum: [401, 429, 500, 503, null] },
          retryAfter: { type: ['integer', 'null'] },
          holds: {
            type: 'boolean',
            description: 'A 429 given without times: it holds its caller until its reset once it fires.',
          },
        },
      },
    },
  },
};

const JOURNAL = {
  type: 'object',
  properties: {
    requests: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer', description: 'Counts up from 1 since the start; never reused.' },
          time: {
            type: 'string',
            format: 'date-time',
            description: 'When it arrived, by the emulator’s clock.',
          },
          method: { type: 'string' },
          base: { enum: [...API_BASES] },
          path: { type: 'string', description: 'Below the base, as sent, without the query.' },
          query: {
            type: 'array',
            items: { type: 'string' },
            description: 'Query parameter names; their values only in params, with EMULATOR_JOURNAL_VALUES.',
          },
          params: {
            type: ['array', 'null'],
            items: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2 },
            description:
              'EMULATOR_JOURNAL_VALUES=1 only (for synthetic data): the query’s [name, value] pairs, a ' +
              'secret-named value as <redacted>; null for the Auth area, whose values are never kept.',
          },
          bodyDigest: {
            type: ['string', 'null'],
            description:
              'EMULATOR_JOURNAL_VALUES=1 only: sha256 (hex) of the body’s canonical JSON (keys sorted at every ' +
              'depth, no whitespace, secret-named values as "<redacted>"), or of its bytes when not JSON; null ' +
              'without a body, before it was read, when a text body names a secret, and for the Auth area.',
          },
          status: { type: ['integer', 'null'], description: 'null: not answered (yet).' },
          user: { type: ['string', 'null'], description: 'The user it acted as, where known.' },
          answeredBy: {
            enum: ['emulator', 'fault', 'replay', 'not_recorded'],
            description:
              'fault: a scripted fault, or a 429 it holds; replay: a recording (REPLAY_DIR); not_recorded: no ' +
              'recording answers it.',
          },
        },
      },
    },
    dropped: { type: 'integer', description: 'Older entries dropped to stay within max.' },
    max: { type: 'integer' },
  },
};

const operation = (summary: string, extra: object) => ({
  tags: ['Test control'],
  summary,
  security: SECURITY,
  ...extra,
});

const CONTROL_PATHS = {
  '/_emulator/clock': {
    servers: ROOT,
    get: operation('Read the emulator’s clock', {
      operationId: 'getControlClock',
      responses: { '200': answer('The clock.', CLOCK), '401': REFUSALS['401'], '403': REFUSALS['403'] },
    }),
    post: operation(
      'Move the clock on, or set its offset: tokens expire, windows, lockouts and SSO sessions roll',
      {
        operationId: 'postControlClock',
        requestBody: body({
          type: 'object',
          description: 'Either advance or offsetSeconds.',
          properties: {
            advance: {
              oneOf: [
                { type: 'string', pattern: '^[0-9]+[smhd]$', examples: ['24h', '90s', '15m'] },
                { type: 'number', minimum: 0, description: 'Seconds.' },
              ],
            },
            offsetSeconds: {
              type: 'number',
              minimum: -31622400,
              maximum: 31622400,
              description: 'Sets the offset from real time, in seconds: 0 is real time.',
            },
          },
        }),
        responses: { '200': answer('The clock, moved.', CLOCK), ...REFUSALS },
      },
    ),
  },
  '/_emulator/reset': {
    servers: ROOT,
    post: operation(
      'Clear rate-limit counters, lockouts and SSO sessions, set the clock to real time; optionally reload the realm',
      {
        operationId: 'postControlReset',
        requestBody: body(
          { type: 'object', properties: { realm: { type: 'boolean', default: false } } },
          false,
        ),
        responses: {
          '200': answer('What was reset.'),
          ...REFUSALS,
          '409': error('The realm file can no longer be read.'),
        },
      },
    ),
  },
  '/_emulator/faults': {
    servers: ROOT,
    get: operation('The faults still waiting', {
      operationId: 'getControlFaults',
      responses: { '200': answer('The faults.', FAULTS), '401': REFUSALS['401'], '403': REFUSALS['403'] },
    }),
    post: operation('Script the answers of the next matching calls', {
      operationId: 'postControlFaults',
      requestBody: body(FAULT),
      responses: { '201': answer('The faults now waiting.', FAULTS), ...REFUSALS },
    }),
    delete: operation('Clear every fault, and end the 429s they hold', {
      operationId: 'deleteControlFaults',
      responses: { '200': answer('How many were cleared.'), '401': REFUSALS['401'], '403': REFUSALS['403'] },
    }),
  },
  '/_emulator/tokens/expire': {
    servers: ROOT,
    post: operation('Make every token issued so far answer 401 as an expired token does', {
      operationId: 'postControlTokensExpire',
      description:
        'Without moving the clock: tokens issued afterwards are normal, with nbf at the time they are issued. ' +
        'Kept across a restart on the same data directory.',
      responses: {
        '200': answer('Done; the time it was done at.', {
          type: 'object',
          properties: { expired: { type: 'string' }, now: { type: 'string', format: 'date-time' } },
        }),
        ...REFUSALS,
      },
    }),
  },
  '/_emulator/requests': {
    servers: ROOT,
    get: operation('The request journal: the Web API calls received, oldest first', {
      operationId: 'getControlRequests',
      description:
        'Each filter given narrows the list to the calls that match it; each at most once. Its size is ' +
        'EMULATOR_JOURNAL_MAX (default 1000).',
      parameters: [
        { name: 'method', in: 'query', schema: { type: 'string', examples: ['GET'] } },
        {
          name: 'path',
          in: 'query',
          description:
            'Below the base: exact (decoded, any letter case), or a template whose {name} segments stand for any ' +
            'value of the route they reach.',
          schema: { type: 'string', examples: ['/api/people/{uid}', '/api/auth/getuser'] },
        },
        { name: 'status', in: 'query', schema: { type: 'integer', minimum: 100, maximum: 599 } },
        {
          name: 'answeredBy',
          in: 'query',
          schema: { enum: ['emulator', 'fault', 'replay', 'not_recorded'] },
        },
      ],
      responses: {
        '200': answer(
          'The calls since the start or the last DELETE, and how many older ones were dropped.',
          JOURNAL,
        ),
        '400': error('An unknown filter, one given twice, or a value that could never match.'),
        '401': REFUSALS['401'],
        '403': REFUSALS['403'],
      },
    }),
    delete: operation('Empty the request journal', {
      operationId: 'deleteControlRequests',
      responses: { '200': answer('How many were cleared.'), '401': REFUSALS['401'], '403': REFUSALS['403'] },
    }),
  },
  '/_emulator/users/{UserName}': {
    servers: ROOT,
    patch: operation('Make a user active or inactive', {
      operationId: 'patchControlUser',
      parameters: [{ name: 'UserName', in: 'path', required: true, schema: { type: 'string' } }],
      requestBody: body({
        type: 'object',
        required: ['active'],
        properties: { active: { type: 'boolean' } },
      }),
      responses: {
        '200': answer('The user’s new state.'),
        ...REFUSALS,
        '404': error('No user has this UserName.'),
      },
    }),
  },
  '/_emulator/admin-accounts/{BEID}/rotate-key': {
    servers: ROOT,
    post: operation('Give an organization’s admin service account a new WebServicesKey', {
      operationId: 'postControlRotateKey',
      parameters: [{ name: 'BEID', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
      responses: {
        '200': answer('The new key; the old one is refused from now on.', {
          type: 'object',
          properties: { BEID: { type: 'string' }, WebServicesKey: { type: 'string' } },
        }),
        ...REFUSALS,
        '404': error('No organization has this BEID.'),
      },
    }),
  },
} as const;

interface Description {
  tags: readonly object[];
  paths: object;
  components: { securitySchemes: object };
}

/** The emulator's description with the control API added (EMULATOR_CONTROL=1). */
export function withControlApi<D extends Description>(description: D): D {
  return {
    ...description,
    tags: [
      ...description.tags,
      {
        name: 'Test control',
        description:
          'EMULATOR_CONTROL=1 only: move the clock, expire tokens, script faults, read the journal, reset',
      },
    ],
    paths: { ...description.paths, ...CONTROL_PATHS },
    components: {
      ...description.components,
      securitySchemes: {
        ...description.components.securitySchemes,
        controlToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'EMULATOR_CONTROL_TOKEN, when the server sets one.',
        },
      },
    },
  };
}
