// `NODE_OPTIONS=--import=./bench/node-sqlite/register.mjs`: every import of better-sqlite3 gets the stand-in over
// Node's built-in node:sqlite instead, so that `npm run bench` measures the server on node:sqlite without a change
// to the server (docs/development.md, "node:sqlite in place of better-sqlite3"). Node 22.15 or later.
import { registerHooks } from 'node:module';

const standIn = new URL('./better-sqlite3-over-node-sqlite.mjs', import.meta.url).href;

registerHooks({
  resolve: (specifier, context, nextResolve) =>
    specifier === 'better-sqlite3' ? { url: standIn, shortCircuit: true } : nextResolve(specifier, context),
});
