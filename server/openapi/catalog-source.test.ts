import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CATALOG_FACTS,
  CATALOG_MODULE,
  buildCatalog,
  renderCatalogModule,
} from '../../scripts/catalog-source.ts';
import { CATALOG } from '../../contract/catalog/catalog-data.ts';
import { EMULATOR_OPENAPI } from './description.ts';

const PACKAGE_DESCRIPTION = new URL(
  '../../node_modules/@selfagency/teamdynamix-ts/generated/openapi.json',
  import.meta.url,
);

describe('the committed Web API catalog', () => {
  it('is what scripts/build-catalog.ts makes from the installed package (run `npm run catalog` if not)', async () => {
    expect(readFileSync(CATALOG_MODULE, 'utf8')).toBe(await renderCatalogModule());
    // Prettier formats the whole generated module: several seconds on a busy 2-core machine.
  }, 30_000);

  it('has every operation of the community description, and none of its invented rate-limit figures', () => {
    const source = JSON.parse(readFileSync(PACKAGE_DESCRIPTION, 'utf8')) as {
      paths: Record<string, Record<string, { 'x-rateLimit'?: unknown }>>;
    };
    const operations = Object.values(source.paths).flatMap((item) => Object.values(item));
    expect(operations.some((operation) => operation['x-rateLimit'])).toBe(true);
    expect(CATALOG).toHaveLength(operations.length);
    const text = readFileSync(CATALOG_MODULE, 'utf8');
    expect(text).not.toMatch(/rateLimit|requestsPer/i);
  });

  it('marks as emulated exactly the operations the emulator describes that the catalog has', () => {
    const own = new Set(
      Object.entries(EMULATOR_OPENAPI.paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path.toLowerCase()}`),
      ),
    );
    const emulated = CATALOG.filter((entry) => entry.emulated).map(
      (entry) => `${entry.method} ${entry.path.toLowerCase()}`,
    );
    expect(emulated.length).toBe(10);
    for (const operation of emulated) expect(own).toContain(operation);
    expect([...own].filter((operation) => !emulated.includes(operation)).sort()).toEqual([
      'GET /api/auth/loginsso/callback',
      'GET /recorded-operations',
      'POST /api/auth/logoutsso',
    ]);
  });
});

describe('the catalog facts the generator merges', () => {
  const source = () =>
    JSON.parse(readFileSync(PACKAGE_DESCRIPTION, 'utf8')) as Parameters<typeof buildCatalog>[0];
  const emulator = EMULATOR_OPENAPI as unknown as Parameters<typeof buildCatalog>[1];

  it('refuses an operation that has no facts', () => {
    const facts = CATALOG_FACTS.map((area) =>
      area.area === 'Tickets'
        ? {
            ...area,
            operations: Object.fromEntries(
              Object.entries(area.operations).filter(([key]) => key !== 'POST /api/{appId}/tickets/search'),
            ),
          }
        : area,
    );
    expect(() => buildCatalog(source(), emulator, facts)).toThrow(
      'The catalog facts have no entry for POST /api/{appId}/tickets/search',
    );
  });

  it('refuses facts for an operation the catalog lacks, or in another area', () => {
    const [first, ...rest] = CATALOG_FACTS;
    const extra = { summary: 'Nothing', effect: 'read', limit: 'not documented' } as const;
    expect(() =>
      buildCatalog(source(), emulator, [
        { ...first!, operations: { ...first!.operations, 'GET /api/nosuchthing': extra } },
        ...rest,
      ]),
    ).toThrow('The catalog facts name operations the catalog lacks: GET /api/nosuchthing.');
    expect(() =>
      buildCatalog(source(), emulator, [
        ...CATALOG_FACTS,
        { area: 'Elsewhere', page: 'https://example.org/', operations: { 'GET /api/applications': extra } },
      ]),
    ).toThrow('The catalog facts name GET /api/applications twice.');
  });
});
