import autocannon from 'autocannon';
import type { IncomingHttpHeaders } from 'node:http';

export interface LoadOptions {
  url: string;
  headers?: IncomingHttpHeaders;
  seconds: number;
  connections: number;
}

export interface LoadResult {
  /** Completed responses per second over the run. */
  rps: number;
  completed: number;
  seconds: number;
  /** Response count by status code. */
  statuses: Record<string, number>;
  /** Failed requests: connection errors and timeouts. */
  errors: number;
  latencyMs: { p50: number; p99: number };
  /** CPU seconds this process (the load generator) used during the run. */
  loaderCpuSeconds: number;
}

/** How the load is made, for the report: the generator shares the machine with the server it measures. */
export function describeLoad(connections: number): string {
  return (
    `autocannon in the benchmark's own Node process (one thread), ${connections} concurrent keep-alive ` +
    `HTTP/1.1 connections, no pipelining; the server runs in a separate process on the same machine`
  );
}

/** Keeps `connections` requests in flight for `seconds` and counts what came back. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const cpuBefore = process.cpuUsage();
  const result = await autocannon({
    url: options.url,
    method: 'GET',
    headers: options.headers ?? {},
    duration: options.seconds,
    connections: options.connections,
    pipelining: 1,
  });
  const cpu = process.cpuUsage(cpuBefore);
  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = stat.count ?? 0;
  return {
    rps: result.requests.total / result.duration,
    completed: result.requests.total,
    seconds: result.duration,
    statuses,
    errors: result.errors,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
    loaderCpuSeconds: (cpu.user + cpu.system) / 1e6,
  };
}

/** Null when every response had the expected status and no request failed; otherwise what went wrong. */
export function unexpectedAnswers(result: LoadResult, expected = 200): string | null {
  const others = Object.entries(result.statuses).filter(([code]) => code !== String(expected));
  if (others.length === 0 && result.errors === 0 && result.completed > 0) return null;
  const parts = others.map(([code, count]) => `${count} × ${code}`);
  if (result.errors > 0) parts.push(`${result.errors} connection errors or timeouts`);
  if (result.completed === 0) parts.push('no response at all');
  return parts.join(', ');
}
