import { writeFileSync } from 'node:fs';
import { realmSchema } from '../server/realm/realm-schema.ts';

/** `npm run realm:schema`: writes server/realm/realm.schema.json from the importer's own tables. */
const file = new URL('../server/realm/realm.schema.json', import.meta.url);
writeFileSync(file, `${JSON.stringify(realmSchema(), null, 2)}\n`);
console.log(`Wrote ${file.pathname}`);
