import { readFileSync } from 'node:fs';
import { EMULATOR_CONNECTION } from '../../contract/wire.ts';
import { ConfigError } from './config-error.ts';
import { findDuplicateKey } from '../http/duplicate-keys.ts';
import { relayBase, relayName } from './relay-tenant-rules.ts';
import { mayHoldUrlSecret } from './url-setting.ts';
import { PRODUCTION_BASE } from '../../contract/web-api/bases.ts';

/** One entry of the file, relayed as a RELAY_TENANTS entry is. */
interface FileConnection {
  name: string;
  label: string;
  upstream: string;
  organization?: string;
}

export interface ConnectionsFile {
  connections: FileConnection[];
  /** A connection's name, or `emulator`; null when the file names none. */
  default: string | null;
}

export interface ConnectionsFileContext {
  /** Whether `default` may name the emulator's own connection. */
  emulator: boolean;
  /** The names RELAY_TENANTS already took: a file entry may not take one again, `default` may name one. */
  relayTenantNames: readonly string[];
}

const TOP_KEYS = ['default', 'connections'];
const ENTRY_KEYS = ['name', 'label', 'base', 'organization'];
const MAX_TEXT = 100;
/** Control and invisible formatting characters (bidi overrides among them) could make one label read as another. */
const HIDDEN = /[\p{Cc}\p{Cf}]/u;

const SHAPE = `{"default": "acme", "connections": [{"name": "acme", "label": "Acme University", "base": "https://acme.teamdynamix.com${PRODUCTION_BASE}"}]}`;

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** An entry's name as messages may show it: not one that could hold a URL's user info, query or fragment. */
function entryName(entries: unknown, index: number): string | null {
  const name = Array.isArray(entries) ? record(entries[index])?.name : undefined;
  return typeof name === 'string' && !mayHoldUrlSecret(name) ? name : null;
}

/** How a message names a place in the file: `connections[1] ("acme")`, or the top level. */
function place(entries: unknown, path: (string | number)[]): string {
  if (path.length === 0) return 'CONNECTIONS_FILE';
  const written = (steps: (string | number)[]) =>
    steps.map((step) => (typeof step === 'number' ? `[${step}]` : `.${step}`)).join('');
  const name = path[0] === 'connections' && typeof path[1] === 'number' ? entryName(entries, path[1]) : null;
  if (name === null) return `CONNECTIONS_FILE ${written(path).slice(1)}`;
  return `CONNECTIONS_FILE ${written(path.slice(0, 2)).slice(1)} (${JSON.stringify(name)})${written(path.slice(2))}`;
}

function unknownKey(object: Record<string, unknown>, known: string[]): string | undefined {
  return Object.keys(object).find((key) => !known.includes(key));
}

function text(value: unknown, where: string, what: string): string {
  if (typeof value !== 'string') throw new ConfigError(`${where}: ${what} must be a string.`);
  if (value.trim() === '') throw new ConfigError(`${where}: ${what} must not be empty.`);
  if ([...value].length > MAX_TEXT)
    throw new ConfigError(`${where}: ${what} must be at most ${MAX_TEXT} characters long.`);
  if (HIDDEN.test(value))
    throw new ConfigError(`${where}: ${what} must not contain control or formatting characters.`);
  return value;
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    throw new ConfigError(`CONNECTIONS_FILE names a file that cannot be read: ${path} (${code}).`);
  }
}

function parse(path: string): unknown {
  const raw = readText(path).replace(/^\uFEFF/, '');
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    // Not the parser's message: it quotes the text around the fault, which may hold a mistyped secret.
    throw new ConfigError(`CONNECTIONS_FILE ${path} is not valid JSON.`);
  }
  const duplicate = findDuplicateKey(raw);
  if (duplicate) {
    const entries = record(json)?.connections;
    throw new ConfigError(
      `${place(entries, duplicate.path)}: the key ${JSON.stringify(duplicate.key)} appears more than once.`,
    );
  }
  return json;
}

function connection(value: unknown, index: number, taken: Set<string>): FileConnection {
  const entry = record(value);
  const at = `CONNECTIONS_FILE connections[${index}]`;
  if (!entry)
    throw new ConfigError(`${at} must be an object with "name", "label" and "base" (and "organization").`);
  if (typeof entry.name !== 'string') throw new ConfigError(`${at}: "name" must be a string.`);
  const name = relayName(entry.name, `${at}: "name"`);
  const where = `${at} (${JSON.stringify(name)})`;
  const unknown = unknownKey(entry, ENTRY_KEYS);
  if (unknown !== undefined) {
    throw new ConfigError(
      `${where}: unknown key ${JSON.stringify(unknown)}; an entry has ${ENTRY_KEYS.join(', ')}.`,
    );
  }
  if (taken.has(name)) throw new ConfigError(`${where}: another connection already has this name.`);
  taken.add(name);
  const label = text(entry.label, where, '"label"');
  if (typeof entry.base !== 'string') throw new ConfigError(`${where}: "base" must be a string.`);
  const upstream = relayBase(entry.base, `${where}: "base"`);
  if (entry.organization === undefined) return { name, label, upstream };
  return { name, label, upstream, organization: text(entry.organization, where, '"organization"') };
}

/**
 * The connections file (CONNECTIONS_FILE), checked whole at start: any fault stops the start with one line that
 * names the entry (index and name) and the problem.
 */
export function readConnectionsFile(path: string, context: ConnectionsFileContext): ConnectionsFile {
  const top = record(parse(path));
  if (!top) throw new ConfigError(`CONNECTIONS_FILE must hold one JSON object, such as ${SHAPE}.`);
  const unknown = unknownKey(top, TOP_KEYS);
  if (unknown !== undefined) {
    throw new ConfigError(
      `CONNECTIONS_FILE: unknown key ${JSON.stringify(unknown)}; the file has "default" and "connections".`,
    );
  }
  if (!Array.isArray(top.connections))
    throw new ConfigError(`CONNECTIONS_FILE: "connections" must be an array, such as ${SHAPE}.`);
  const taken = new Set(context.relayTenantNames);
  const connections = top.connections.map((entry: unknown, index) => {
    const name = entryName(top.connections, index);
    if (name !== null && context.relayTenantNames.includes(name)) {
      throw new ConfigError(
        `CONNECTIONS_FILE connections[${index}] (${JSON.stringify(name)}): RELAY_TENANTS names this tenant too; name it in one place.`,
      );
    }
    return connection(entry, index, taken);
  });
  return { connections, default: defaultConnection(top.default, connections, context) };
}

function defaultConnection(
  value: unknown,
  connections: FileConnection[],
  context: ConnectionsFileContext,
): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string') throw new ConfigError('CONNECTIONS_FILE: "default" must be a string.');
  if (value === EMULATOR_CONNECTION) {
    if (context.emulator) return value;
    throw new ConfigError(
      `CONNECTIONS_FILE: "default" names "${value}", but the emulator is off (EMULATOR=off): name a connection.`,
    );
  }
  const names = [...context.relayTenantNames, ...connections.map((entry) => entry.name)];
  if (!names.includes(value)) {
    const given = mayHoldUrlSecret(value) ? 'a value' : JSON.stringify(value);
    throw new ConfigError(
      `CONNECTIONS_FILE: "default" names ${given}, which is no connection (${names.map((name) => JSON.stringify(name)).join(', ') || 'there are none'}).`,
    );
  }
  return value;
}
