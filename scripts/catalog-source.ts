import { readFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import type {
  BodyKind,
  BodySkeleton,
  CatalogEntry,
  CatalogQueryParam,
} from '../contract/catalog/catalog-entry.ts';
import { API_METHODS } from '../contract/web-api/methods.ts';
import { operationOf } from '../contract/web-api/path-template.ts';
import { EMULATOR_OPENAPI } from '../server/openapi/description.ts';
import { ASSET_FACTS } from './catalog-facts/assets.ts';
import { BODY_SKELETONS } from './catalog-facts/body-skeletons.ts';
import { CMDB_FACTS } from './catalog-facts/cmdb.ts';
import type { AreaFacts, OperationFacts } from './catalog-facts/operation-facts.ts';
import { ORGANIZATION_FACTS } from './catalog-facts/organization.ts';
import { PEOPLE_FACTS } from './catalog-facts/people.ts';
import { PROJECT_FACTS } from './catalog-facts/projects.ts';
import { SERVICE_FACTS } from './catalog-facts/services.ts';
import { TICKET_FACTS } from './catalog-facts/tickets.ts';

/**
 * Turns the community OpenAPI description of the Web API into the catalog module, with each operation's facts
 * (scripts/catalog-facts/) merged in. Only paths, methods, tags, parameters and request schemas are taken from the
 * description: its `x-rateLimit` and `x-commonErrors` figures are invented and never reach the catalog.
 */

const PACKAGE_DIR = new URL('../node_modules/@selfagency/teamdynamix-ts/', import.meta.url);
export const CATALOG_MODULE = new URL('../contract/catalog/catalog-data.ts', import.meta.url);

interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  default?: unknown;
}

interface Operation {
  tags?: string[];
  summary?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

interface Description {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

function readJson<T>(url: URL): T {
  return JSON.parse(readFileSync(url, 'utf8')) as T;
}

/** "TicketStatuses" → "Ticket Statuses". */
function words(tag: string): string {
  return tag.replace(/([a-z])([A-Z])/g, '$1 $2');
}

function skeleton(schema: Schema, description: Description, depth = 0): unknown {
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = description.components?.schemas?.[name];
    return target && depth < 4 ? skeleton(target, description, depth + 1) : {};
  }
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [
          key,
          skeleton(value, description, depth + 1),
        ]),
      );
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return '';
  }
}

function bodyOf(operation: Operation | undefined, description: Description): string | null {
  const schema = operation?.requestBody?.content?.['application/json']?.schema;
  return schema ? JSON.stringify(skeleton(schema, description), null, 2) : null;
}

/** Every area's facts, the generator's second input. */
export const CATALOG_FACTS: readonly AreaFacts[] = [
  ...ASSET_FACTS,
  ...CMDB_FACTS,
  ...ORGANIZATION_FACTS,
  ...PEOPLE_FACTS,
  ...PROJECT_FACTS,
  ...SERVICE_FACTS,
  ...TICKET_FACTS,
];

const operationKey = (method: string, path: string) => `${method} ${path}`;

/** The facts by `METHOD /path`, each with its area; a key written twice is refused. */
function factsByOperation(facts: readonly AreaFacts[]): Map<string, OperationFacts & { area: string }> {
  const byKey = new Map<string, OperationFacts & { area: string }>();
  for (const area of facts)
    for (const [key, operation] of Object.entries(area.operations)) {
      if (byKey.has(key)) throw new Error(`The catalog facts name ${key} twice.`);
      byKey.set(key, { ...operation, area: area.area });
    }
  return byKey;
}

/** The skeleton as the catalog carries it: its source stays here. */
function skeletonOf(kind: BodyKind): BodySkeleton {
  const { text, required, note } = BODY_SKELETONS[kind];
  return { kind, text, required, ...(note ? { note } : {}) };
}

/** The catalog's facts fields for one operation, in the order the module writes them. */
function factFields(
  key: string,
  area: string,
  facts: Map<string, OperationFacts & { area: string }>,
): Pick<CatalogEntry, 'summary' | 'effect' | 'replacesWhole' | 'patchPath' | 'limit' | 'bodySkeleton'> {
  const fact = facts.get(key);
  if (!fact) throw new Error(`The catalog facts have no entry for ${key} (scripts/catalog-facts/).`);
  if (fact.area !== area)
    throw new Error(`The catalog facts put ${key} in ${fact.area}; the catalog has it in ${area}.`);
  return {
    summary: fact.summary,
    effect: fact.effect,
    replacesWhole: fact.replacesWhole === true,
    ...(fact.patch ? { patchPath: fact.patch.replace(/^PATCH /, '') } : {}),
    limit: fact.limit,
    ...(fact.body ? { bodySkeleton: skeletonOf(fact.body) } : {}),
  };
}

export function buildCatalog(
  source: Description,
  emulator: Description,
  facts: readonly AreaFacts[] = CATALOG_FACTS,
): CatalogEntry[] {
  const factsOf = factsByOperation(facts);
  const emulated = new Map<string, Operation>();
  for (const [path, item] of Object.entries(emulator.paths))
    for (const [method, operation] of Object.entries(item))
      emulated.set(operationOf(method, path), operation);

  const entries: CatalogEntry[] = [];
  for (const [path, item] of Object.entries(source.paths)) {
    for (const method of API_METHODS) {
      const operation = item[method.toLowerCase()];
      if (!operation) continue;
      const own = emulated.get(operationOf(method, path));
      const query: CatalogQueryParam[] = (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => ({
          name: parameter.name,
          type: typeof parameter.schema?.type === 'string' ? parameter.schema.type : 'string',
          required: parameter.required === true,
        }));
      const area = words(operation.tags?.[0] ?? 'Other');
      entries.push({
        area,
        method,
        path,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((found) => found[1]!),
        query,
        ...factFields(operationKey(method, path), area, factsOf),
        body: bodyOf(operation, source) ?? bodyOf(own, emulator),
        emulated: own !== undefined,
      });
    }
  }
  const unknown = [...factsOf.keys()].filter(
    (key) => !entries.some((entry) => operationKey(entry.method, entry.path) === key),
  );
  if (unknown.length > 0)
    throw new Error(`The catalog facts name operations the catalog lacks: ${unknown.join(', ')}.`);
  return entries.sort(
    (a, b) =>
      a.area.localeCompare(b.area) ||
      a.path.localeCompare(b.path) ||
      API_METHODS.indexOf(a.method) - API_METHODS.indexOf(b.method),
  );
}

/** The catalog module's text, formatted as the repository's Prettier settings want it. */
export async function renderCatalogModule(): Promise<string> {
  const pkg = readJson<{ name: string; version: string; license: string }>(
    new URL('package.json', PACKAGE_DIR),
  );
  const source = readJson<Description>(new URL('generated/openapi.json', PACKAGE_DIR));
  const entries = buildCatalog(source, EMULATOR_OPENAPI as unknown as Description);
  const text =
    `// Generated by scripts/build-catalog.ts (npm run catalog) from ${pkg.name} ${pkg.version} ` +
    `(${pkg.license}, generated/openapi.json), the emulator's own description and the facts in ` +
    `scripts/catalog-facts/. Do not edit.\n` +
    `import type { CatalogEntry } from './catalog-entry.ts';\n\n` +
    `export const CATALOG: readonly CatalogEntry[] = ${JSON.stringify(entries)};\n`;
  const options = await resolveConfig(CATALOG_MODULE);
  return format(text, { ...options, filepath: CATALOG_MODULE.pathname });
}
