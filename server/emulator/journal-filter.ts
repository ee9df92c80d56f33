import { matchesPattern, patternOf, type Pattern } from '../../contract/web-api/path-template.ts';
import { ApiError } from '../http/errors.ts';
import { ANSWERED_BY, type AnsweredBy, type JournalEntry } from './journal-entry.ts';

const FILTERS = ['method', 'path', 'status', 'answeredBy'] as const;
type FilterName = (typeof FILTERS)[number];

/**
 * The route a method and decoded path segments reach, as the emulator's router resolves them (a recorded
 * operation's template with REPLAY_DIR); throws when none does.
 */
type RouteOf = (method: string, segments: string[]) => string;

/** Which entries `GET /_emulator/requests` lists: those that match every filter its query gives. */
export interface JournalFilter {
  /** Upper-case. */
  method?: string;
  path?: PathFilter;
  status?: number;
  answeredBy?: AnsweredBy;
  /** How a template path is told apart from a literal route beside it (`/api/people/lookup` is no `{uid}`). */
  routeOf?: RouteOf;
}

/** A path filter: the template's pattern, and its segments as given (decoded, lower-case), which a router resolves. */
interface PathFilter {
  pattern: Pattern;
  segments: string[];
}

function bad(message: string): ApiError {
  return new ApiError(400, 'bad_request', message);
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A path's segments as the service compares them: decoded, in lower case. */
function segmentsOf(path: string): string[] {
  return path
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => decoded(segment).toLowerCase());
}

function parsePath(value: string): PathFilter {
  if (!/^\/api(\/[^?#\s]*)?$/i.test(value)) {
    throw bad('path must be a path below the API base, such as "/api/auth/getuser" or "/api/people/{uid}".');
  }
  const pattern = patternOf(value).map((literal) =>
    literal === null ? null : decoded(literal).toLowerCase(),
  );
  return { pattern, segments: segmentsOf(value) };
}

function parseStatus(value: string): number {
  const status = Number(value);
  if (!/^\d{3}$/.test(value) || status < 100 || status > 599) {
    throw bad('status must be a whole number from 100 to 599.');
  }
  return status;
}

/** The filters of a `GET /_emulator/requests` query (names in any letter case); a 400 says what is wrong. */
export function parseJournalFilter(search: URLSearchParams, routeOf: RouteOf): JournalFilter {
  const filter: JournalFilter = { routeOf };
  const seen = new Set<FilterName>();
  for (const [rawName, value] of search) {
    const name = FILTERS.find((known) => known.toLowerCase() === rawName.toLowerCase());
    if (!name)
      throw bad(
        `Unknown filter "${rawName.slice(0, 64)}": filter by ${FILTERS.join(', ').replace(/, (?=\w+$)/, ' or ')}.`,
      );
    if (seen.has(name)) throw bad(`${name} is given twice: give each filter once.`);
    seen.add(name);
    if (name === 'method') filter.method = value.toUpperCase();
    else if (name === 'path') filter.path = parsePath(value);
    else if (name === 'status') filter.status = parseStatus(value);
    else {
      const answeredBy = ANSWERED_BY.find((known) => known === value);
      if (!answeredBy) throw bad(`answeredBy must be one of ${ANSWERED_BY.join(', ')}.`);
      filter.answeredBy = answeredBy;
    }
  }
  return filter;
}

/** Whether an entry matches every filter given. */
export function matchesFilter(entry: JournalEntry, filter: JournalFilter): boolean {
  if (filter.method !== undefined && entry.method !== filter.method) return false;
  if (filter.status !== undefined && entry.status !== filter.status) return false;
  if (filter.answeredBy !== undefined && entry.answeredBy !== filter.answeredBy) return false;
  if (filter.path !== undefined) {
    const segments = segmentsOf(entry.path);
    if (!matchesPattern(filter.path.pattern, segments)) return false;
    // A template names the route its segments reach, and no route with a literal segment in their place.
    if (filter.path.pattern.includes(null) && filter.routeOf) {
      return (
        routeOrNull(filter.routeOf, entry.method, segments) ===
        routeOrNull(filter.routeOf, entry.method, filter.path.segments)
      );
    }
  }
  return true;
}

function routeOrNull(routeOf: RouteOf, method: string, segments: string[]): string | null {
  try {
    return routeOf(method, segments);
  } catch {
    return null;
  }
}
