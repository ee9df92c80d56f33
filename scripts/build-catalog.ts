import { writeFileSync } from 'node:fs';
import { CATALOG_MODULE, renderCatalogModule } from './catalog-source.ts';

writeFileSync(CATALOG_MODULE, await renderCatalogModule());
console.log(`Wrote ${CATALOG_MODULE.pathname}`);
