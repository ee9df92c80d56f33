import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import type { BenchContext, Section, SectionResult } from '../section.ts';

const ROOT = resolve(import.meta.dirname, '../..');
/** What the Requests screen loads on demand: the catalog's data with its search and form fill. */
const ENTRIES = [
  'src/features/requests/catalog/search-catalog.ts',
  'src/features/requests/form/fill-from-entry.ts',
];

interface Chunk {
  type: string;
  code?: string;
}

/** Bundles the catalog modules alone, minified as the console's build does, and measures the one chunk. */
async function catalogChunk(): Promise<{ raw: number; gzip: number; entries: number }> {
  const output = await build({
    root: ROOT,
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: true,
      lib: { entry: ENTRIES.map((entry) => resolve(ROOT, entry)), formats: ['es'] },
      rollupOptions: { output: { manualChunks: () => 'catalog' } },
    },
  });
  const results = (Array.isArray(output) ? output : [output]) as { output: Chunk[] }[];
  const code = results
    .flatMap((result) => result.output)
    .filter((chunk) => chunk.type === 'chunk')
    .map((chunk) => chunk.code ?? '')
    .join('');
  const { CATALOG } = await import('../../contract/catalog/catalog-data.ts');
  return {
    raw: Buffer.byteLength(code),
    gzip: gzipSync(code, { level: 9 }).length,
    entries: CATALOG.length,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The size of the Web API catalog the Requests screen loads when it opens (never on the sign-in page). */
export const catalogSize: Section = {
  key: 'catalog',
  title: 'Web API catalog: the chunk the Requests screen loads',
  async run({ log }: BenchContext): Promise<SectionResult> {
    const chunk = await catalogChunk();
    log(
      `Catalog (${chunk.entries} endpoints, search, form fill): ${kb(chunk.raw)} minified, ${kb(chunk.gzip)} gzipped`,
    );
    return {
      rows: [
        {
          figure: `Web API catalog chunk, ${chunk.entries} endpoints with search (gzip)`,
          value: `${kb(chunk.gzip)} (${kb(chunk.raw)} minified)`,
        },
      ],
      figures: { entries: chunk.entries, minifiedBytes: chunk.raw, gzipBytes: chunk.gzip },
    };
  },
};
