/**
 * The OpenAPI 3.1 description of what the emulator implements, served at `/TDWebApi/openapi.json`. Pure data (it
 * imports only other pure data) so that scripts/build-catalog.ts can read it too: it marks the catalog's emulated
 * endpoints and gives them their body skeletons.
 */
import { PRODUCTION_BASE, SANDBOX_BASE } from '../../contract/web-api/bases.ts';
import { API_METHODS } from '../../contract/web-api/methods.ts';
import { MAX_PATCH_OPERATIONS } from '../../contract/web-api/json-patch.ts';
import { LOOKUP_MAX_RESULTS } from '../people/lookup-limits.ts';

const json = (schema: object) => ({ 'application/json': { schema } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const response = (name: string) => ({ $ref: `#/components/responses/${name}` });
/** Plain text properties, in the order named. */
const text = (...names: string[]) => Object.fromEntries(names.map((name) => [name, { type: 'string' }]));

const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': { $ref: '#/components/headers/X-RateLimit-Limit' },
  'X-RateLimit-Remaining': { $ref: '#/components/headers/X-RateLimit-Remaining' },
  'X-RateLimit-Reset': { $ref: '#/components/headers/X-RateLimit-Reset' },
};

/** Every method of the emulator is rate-limited: these answers carry the rate-limit headers, as its success does. */
const LIMITED_ERRORS = {
  '429': response('RateLimited'),
};

const tokenAnswer = {
  description: 'The bare JWT, unquoted, without a trailing newline.',
  headers: RATE_LIMIT_HEADERS,
  content: { 'text/plain': { schema: { type: 'string' } } },
};

const signInBody = (schema: string) => ({
  required: true,
  content: {
    'application/json': { schema: ref(schema) },
    'text/json': { schema: ref(schema) },
    'application/x-www-form-urlencoded': { schema: ref(schema) },
  },
});

const signIn = (summary: string, body: string) => ({
  tags: ['Auth'],
  summary,
  security: [],
  requestBody: signInBody(body),
  responses: {
    '200': tokenAnswer,
    '400': response('BadRequest'),
    '401': response('Unauthorized'),
    '403': response('Forbidden'),
    '413': response('PayloadTooLarge'),
    '415': response('UnsupportedMediaType'),
    ...LIMITED_ERRORS,
  },
});

const login = signIn('Sign in with a user name and password', 'LoginBody');

const user = {
  description: 'A User record.',
  headers: RATE_LIMIT_HEADERS,
  content: json(ref('User')),
};

const uidParameter = {
  name: 'uid',
  in: 'path',
  required: true,
  schema: { type: 'string', format: 'uuid' },
} as const;

const personEditAnswers = {
  '200': { ...user, description: 'The person as edited.' },
  '400': response('BadRequest'),
  '401': response('Unauthorized'),
  '404': response('NotFound'),
  '409': response('Conflict'),
  '413': response('PayloadTooLarge'),
  '415': response('UnsupportedMediaType'),
  ...LIMITED_ERRORS,
};

const personNames = {
  FirstName: { type: 'string', maxLength: 100 },
  LastName: { type: 'string', maxLength: 100 },
  PrimaryEmail: { type: 'string', format: 'email' },
  UserName: { type: 'string' },
};

const personText = text(
  'Company',
  'Title',
  'AlertEmail',
  'AlternateEmail',
  'WorkPhone',
  'MobilePhone',
  'HomePhone',
  'ExternalID',
  'AlternateID',
);

export const EMULATOR_OPENAPI = {
  openapi: '3.1.0',
  info: {
    title: 'TeamDynamix Web API: Auth area and People samples (Auth Console emulator)',
    version: '1.0.0',
    description:
      'What the Auth Console emulator implements of the TeamDynamix Web API. Error bodies and the loginsso ' +
      'callback, logoutsso and returnTo are the emulator’s own; the rest follows the real service.',
  },
  servers: [
    { url: PRODUCTION_BASE, description: 'Production base' },
    { url: SANDBOX_BASE, description: 'Sandbox base' },
  ],
  tags: [
    { name: 'Auth', description: 'Signing in and the current user' },
    { name: 'People', description: 'People samples' },
    { name: 'Recordings', description: 'What REPLAY_DIR (--replay) answers, for the console’s catalog' },
  ],
  paths: {
    '/api/auth': { post: { ...login, operationId: 'postAuth' } },
    '/api/auth/login': { post: { ...login, operationId: 'postAuthLogin' } },
    '/api/auth/loginadmin': {
      post: {
        ...signIn('Sign in as the organization’s admin service account', 'AdminLoginBody'),
        operationId: 'postAuthLoginAdmin',
      },
    },
    '/api/auth/getuser': {
      get: {
        tags: ['Auth'],
        summary: 'The bearer token’s user',
        operationId: 'getAuthGetUser',
        responses: { '200': user, '401': response('Unauthorized'), ...LIMITED_ERRORS },
      },
    },
    '/api/auth/loginsso': {
      get: {
        tags: ['Auth'],
        summary: 'Single sign-on in a browser',
        operationId: 'getAuthLoginSso',
        security: [],
        parameters: [
          {
            name: 'returnTo',
            in: 'query',
            required: false,
            description: 'The emulator’s extension: a console path to send the browser to after signing in.',
            schema: { type: 'string' },
          },
        ],
        responses: {
          '200': { ...tokenAnswer, description: 'With an SSO session: the bare JWT.' },
          '302': response('Redirect'),
          '400': response('BadRequest'),
          '403': response('Forbidden'),
          ...LIMITED_ERRORS,
        },
      },
    },
    '/api/auth/loginsso/callback': {
      get: {
        tags: ['Auth'],
        summary: 'Where the identity provider sends the browser back (the emulator’s own path)',
        operationId: 'getAuthLoginSsoCallback',
        security: [],
        parameters: ['code', 'state', 'error', 'iss'].map((name) => ({
          name,
          in: 'query',
          required: false,
          schema: { type: 'string' },
        })),
        responses: {
          '302': response('Redirect'),
          '400': response('BadRequest'),
          '403': response('Forbidden'),
          ...LIMITED_ERRORS,
        },
      },
    },
    '/api/auth/logoutsso': {
      post: {
        tags: ['Auth'],
        summary: 'End this browser’s SSO session (the emulator’s extension)',
        operationId: 'postAuthLogoutSso',
        security: [],
        responses: {
          '200': {
            description: 'Ended.',
            headers: RATE_LIMIT_HEADERS,
            content: json(ref('LogoutSsoAnswer')),
          },
          '403': response('Forbidden'),
          ...LIMITED_ERRORS,
        },
      },
    },
    '/api/people': {
      post: {
        tags: ['People'],
        summary: 'Create a person (key-based admin tokens only)',
        operationId: 'postPeople',
        requestBody: { required: true, content: json(ref('PersonCreate')) },
        responses: {
          '200': { ...user, description: 'The new person.' },
          '400': response('BadRequest'),
          '401': response('Unauthorized'),
          '409': response('Conflict'),
          '413': response('PayloadTooLarge'),
          '415': response('UnsupportedMediaType'),
          ...LIMITED_ERRORS,
        },
      },
    },
    '/api/people/lookup': {
      get: {
        tags: ['People'],
        summary: 'People whose name, user name, e-mail or external id contains the text',
        operationId: 'getPeopleLookup',
        parameters: [
          { name: 'searchText', in: 'query', required: false, schema: { type: 'string' } },
          {
            name: 'maxResults',
            in: 'query',
            required: false,
            schema: {
              type: 'integer',
              minimum: LOOKUP_MAX_RESULTS.min,
              maximum: LOOKUP_MAX_RESULTS.max,
              default: LOOKUP_MAX_RESULTS.default,
            },
          },
        ],
        responses: {
          '200': {
            description: 'The people found.',
            headers: RATE_LIMIT_HEADERS,
            content: json({ type: 'array', items: ref('User') }),
          },
          '400': response('BadRequest'),
          '401': response('Unauthorized'),
          ...LIMITED_ERRORS,
        },
      },
    },
    '/api/people/{uid}': {
      get: {
        tags: ['People'],
        summary: 'A person of your organization',
        operationId: 'getPeopleUid',
        parameters: [uidParameter],
        responses: {
          '200': user,
          '400': response('BadRequest'),
          '401': response('Unauthorized'),
          '404': response('NotFound'),
          ...LIMITED_ERRORS,
        },
      },
      post: {
        tags: ['People'],
        summary: 'Edit a person by sending the whole record (fields left out are cleared)',
        operationId: 'postPeopleUid',
        parameters: [uidParameter],
        requestBody: { required: true, content: json(ref('PersonEdit')) },
        responses: personEditAnswers,
      },
      patch: {
        tags: ['People'],
        summary: 'Change some fields of a person with a JSON Patch',
        operationId: 'patchPeopleUid',
        parameters: [uidParameter],
        requestBody: { required: true, content: json(ref('JsonPatch')) },
        responses: personEditAnswers,
      },
    },
    '/recorded-operations': {
      get: {
        tags: ['Recordings'],
        summary:
          'The catalog’s operations that REPLAY_DIR answers from a recording (the emulator’s own path)',
        description:
          'Each as the Web API catalog writes it (method and path template), matched by method and path ' +
          'template without case as replay matches a call. Never a recorded path, query or body: they hold the ' +
          'tenant’s data. Empty without REPLAY_DIR; the operations the emulator answers itself are never listed.',
        operationId: 'getRecordedOperations',
        responses: {
          '200': {
            description: 'The recorded operations.',
            headers: RATE_LIMIT_HEADERS,
            content: json(ref('RecordedOperations')),
          },
          '401': response('Unauthorized'),
          ...LIMITED_ERRORS,
        },
      },
    },
  },
  components: {
    securitySchemes: {
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    },
    headers: {
      'X-RateLimit-Limit': { description: 'Calls allowed per window.', schema: { type: 'integer' } },
      'X-RateLimit-Remaining': { description: 'Calls left in this window.', schema: { type: 'integer' } },
      'X-RateLimit-Reset': {
        description: 'When the window ends (RFC 1123, GMT).',
        schema: { type: 'string', examples: ['Wed, 28 Mar 2018 16:08:14 GMT'] },
      },
      'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } },
    },
    schemas: {
      ApiError: {
        type: 'object',
        required: ['status', 'error', 'message'],
        properties: {
          status: { type: 'integer' },
          error: { type: 'string', examples: ['invalid_credentials'] },
          message: { type: 'string' },
        },
      },
      LoginBody: {
        type: 'object',
        description: 'Key names in any letter case.',
        required: ['username', 'password'],
        properties: { username: { type: 'string' }, password: { type: 'string' } },
      },
      AdminLoginBody: {
        type: 'object',
        description: 'Key names in any letter case.',
        required: ['BEID', 'WebServicesKey'],
        properties: {
          BEID: { type: 'string', format: 'uuid' },
          WebServicesKey: { type: 'string', format: 'uuid' },
        },
      },
      PersonCreate: {
        type: 'object',
        description: 'Key names in any letter case; unknown properties are ignored.',
        required: ['FirstName', 'LastName', 'PrimaryEmail'],
        properties: {
          ...personNames,
          TypeID: { type: 'integer', enum: [1, 2], default: 1 },
          IsActive: { type: 'boolean', default: true },
          ...personText,
        },
      },
      PersonEdit: {
        type: 'object',
        description:
          'The whole record: every field listed here that the body leaves out is cleared (IsActive to false). ' +
          'Key names in any letter case; other properties are ignored.',
        required: ['FirstName', 'LastName', 'PrimaryEmail', 'UserName', 'TypeID'],
        properties: {
          ...personNames,
          TypeID: { type: 'integer', enum: [1, 2] },
          IsActive: { type: 'boolean' },
          ...personText,
          Attributes: {
            type: 'array',
            maxItems: 100,
            items: {
              type: 'object',
              required: ['ID', 'Value'],
              properties: { ID: { type: 'integer', minimum: 1 }, Value: { type: 'string' } },
            },
          },
        },
      },
      JsonPatch: {
        type: 'array',
        description:
          'RFC 6902 as the Web API reads it: property names in any letter case, custom attributes by ID ' +
          '(/attributes/{id}); remove clears; test is not supported. All or nothing.',
        maxItems: MAX_PATCH_OPERATIONS,
        items: {
          type: 'object',
          required: ['op', 'path'],
          properties: {
            op: { enum: ['add', 'replace', 'remove', 'copy', 'move'] },
            path: { type: 'string', examples: ['/Title', '/attributes/1234'] },
            from: { type: 'string' },
            value: {},
          },
        },
      },
      RecordedOperations: {
        type: 'object',
        required: ['operations'],
        properties: {
          operations: {
            type: 'array',
            items: {
              type: 'object',
              required: ['method', 'path'],
              properties: {
                method: { enum: [...API_METHODS] },
                path: { type: 'string', examples: ['/api/{appId}/tickets/{id}'] },
              },
            },
          },
        },
      },
      LogoutSsoAnswer: {
        type: 'object',
        required: ['ended', 'endSessionUrl'],
        properties: { ended: { type: 'boolean' }, endSessionUrl: { type: ['string', 'null'] } },
      },
      User: {
        type: 'object',
        description:
          'The User record, as getuser and the People endpoints answer it (README: The User record).',
        required: ['UID', 'BEID', 'UserName', 'FullName', 'IsActive', 'TypeID', 'Applications'],
        properties: {
          UID: { type: 'string', format: 'uuid' },
          ReferenceID: { type: 'integer' },
          BEID: { type: 'string', format: 'uuid' },
          BEIDInt: { type: 'integer' },
          IsActive: { type: 'boolean' },
          ...text('UserName', 'FullName', 'FirstName', 'LastName', 'PrimaryEmail'),
          Applications: { type: 'array', items: { type: 'string' } },
          TypeID: { type: 'integer', enum: [0, 1, 2, 8, 9] },
        },
      },
    },
    responses: {
      Redirect: {
        description: 'To the identity provider, or back to the console.',
        headers: { ...RATE_LIMIT_HEADERS, Location: { schema: { type: 'string' } } },
      },
      BadRequest: errorResponse('Malformed body, fields or single sign-on failure.'),
      Unauthorized: errorResponse('invalid_credentials, invalid_token or insufficient_permission.', {
        'WWW-Authenticate': { schema: { type: 'string' } },
      }),
      Forbidden: errorResponse('An inactive or locked account, or a single sign-on refusal.', {
        'Retry-After': { $ref: '#/components/headers/Retry-After' },
      }),
      NotFound: errorResponse('No such person.'),
      Conflict: errorResponse('The user name or e-mail is taken, or looks like a taken one.'),
      PayloadTooLarge: errorResponse('A body over 64 KB.'),
      UnsupportedMediaType: errorResponse('A content type the endpoint does not take.'),
      RateLimited: errorResponse('Over the rate limit.', {
        'Retry-After': { $ref: '#/components/headers/Retry-After' },
      }),
    },
  },
  security: [{ bearerAuth: [] }],
} as const;

function errorResponse(description: string, headers: Record<string, object> = {}) {
  return {
    description,
    headers: { ...RATE_LIMIT_HEADERS, ...headers },
    content: json(ref('ApiError')),
  };
}
