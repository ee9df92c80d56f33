import { expect } from 'vitest';
import { CONNECTIONS_ELEMENT_ID } from '../../contract/wire.ts';

/** The connection list a page served as index.html carries (its JSON text), and the page without it. */
export function connectionsBlock(page: string): { json: string; rest: string } {
  const open = `<script type="application/json" id="${CONNECTIONS_ELEMENT_ID}">`;
  const found = new RegExp(`${open}(.*?)</script>`, 's').exec(page);
  expect(found, 'the connection list in the page').not.toBeNull();
  return { json: found?.[1] ?? '', rest: page.replace(found?.[0] ?? '', '') };
}
