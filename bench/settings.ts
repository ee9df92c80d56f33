/** What one run measures, from BENCH_* environment variables with defaults that fit a 2-core machine. */
export interface BenchSettings {
  /** Length of each measured load run. */
  seconds: number;
  /** Load runs per route; the reported figure is the median. */
  rounds: number;
  /** Unmeasured load before the first round of each route. */
  warmupSeconds: number;
  /** Concurrent keep-alive connections of the load generator. */
  connections: number;
  /** Sequential logins timed for the latency figures. */
  logins: number;
  /** Keys of the sections to run (BENCH_SECTIONS, comma-separated), or null for all. */
  sections: string[] | null;
}

function positive(name: string, fallback: number, env: NodeJS.ProcessEnv): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number (got "${raw}").`);
  return value;
}

export function readSettings(env: NodeJS.ProcessEnv = process.env): BenchSettings {
  const seconds = positive('BENCH_SECONDS', 5, env);
  return {
    seconds,
    rounds: Math.round(positive('BENCH_ROUNDS', 3, env)),
    warmupSeconds: Math.min(2, seconds),
    connections: Math.round(positive('BENCH_CONNECTIONS', 10, env)),
    logins: Math.round(positive('BENCH_LOGINS', 50, env)),
    sections: env.BENCH_SECTIONS ? env.BENCH_SECTIONS.split(',').map((key) => key.trim()) : null,
  };
}
