import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { formatTable, writeJson, type ReportSection } from './report.ts';
import type { BenchContext, Section } from './section.ts';
import { apiThroughput } from './sections/api-throughput.ts';
import { catalogSize } from './sections/catalog-size.ts';
import { consoleFigures } from './sections/console.ts';
import { jsonTree } from './sections/json-tree.ts';
import { loginLatency } from './sections/login-latency.ts';
import { memoryBounds } from './sections/memory-bounds.ts';
import { pasteAndImport } from './sections/paste-and-import.ts';
import { realmReset } from './sections/realm-reset.ts';
import { replayPeers } from './sections/replay-peers.ts';
import { replayThroughput } from './sections/replay-throughput.ts';
import { runnerPace } from './sections/runner-pace.ts';
import { runnerTable } from './sections/runner-table.ts';
import { serveStart } from './sections/serve-start.ts';
import { signInButton } from './sections/sign-in-button.ts';
import { staticUnderSignIn } from './sections/static-under-sign-in.ts';
import { BENCH_RATE_LIMIT, startServerProcess, type ServerProcess } from './server-process.ts';
import { readSettings } from './settings.ts';

/** Run in this order against one server; append a section here to add figures to the table and the JSON. */
const SECTIONS: Section[] = [
  apiThroughput,
  replayThroughput,
  replayPeers,
  loginLatency,
  staticUnderSignIn,
  consoleFigures,
  signInButton,
  catalogSize,
  jsonTree,
  pasteAndImport,
  memoryBounds,
  serveStart,
  realmReset,
  runnerPace,
  runnerTable,
];

const RESULTS_FILE = resolve(import.meta.dirname, 'results.json');
const REAL_RATE_LIMIT = 60;

const log = (line: string) => console.log(line);

function machine() {
  const list = cpus();
  return {
    cpus: list.length,
    cpuModel: list[0]?.model ?? 'unknown',
    node: process.version,
    platform: process.platform,
  };
}

async function main() {
  const settings = readSettings();
  const host = machine();
  log(`Auth Console benchmark: ${host.cpus} × ${host.cpuModel}, Node ${host.node}`);
  log(
    `Settings: ${settings.seconds} s per run (BENCH_SECONDS), ${settings.rounds} rounds (BENCH_ROUNDS), ` +
      `${settings.connections} connections (BENCH_CONNECTIONS), ${settings.logins} logins (BENCH_LOGINS)`,
  );

  let server: ServerProcess | null = null;
  const interrupted = (signal: NodeJS.Signals) => {
    log(`\n${signal}: stopping the server.`);
    void (server?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  const done: (ReportSection & { key: string; figures: Record<string, unknown> })[] = [];
  try {
    server = await startServerProcess();
    log(
      `Server: node_modules/.bin/tsx server/main.ts as a child process (pid ${server.pid}) at ${server.origin}, ` +
        `data in ${server.dataDir}`,
    );
    log(
      `RATE_LIMIT raised from the real ${REAL_RATE_LIMIT} to ${server.rateLimit.toLocaleString('en-US')} calls ` +
        `per 60 s per method (the server's maximum), so that the load is measured rather than refused.`,
    );
    const context: BenchContext = { settings, server, log };
    const chosen = settings.sections ? SECTIONS.filter((s) => settings.sections?.includes(s.key)) : SECTIONS;
    for (const section of chosen) {
      log(`\n== ${section.title}`);
      const result = await section.run(context);
      done.push({ key: section.key, title: section.title, ...result });
    }
  } finally {
    await server?.stop();
  }

  log(`\n${formatTable(done)}`);
  writeJson(RESULTS_FILE, {
    generatedAt: new Date().toISOString(),
    machine: host,
    settings,
    rateLimit: { real: REAL_RATE_LIMIT, benchmark: BENCH_RATE_LIMIT },
    sections: Object.fromEntries(done.map((s) => [s.key, s.figures])),
  });
  log(`\nFigures written to ${RESULTS_FILE}`);
}

main().catch((error: unknown) => {
  console.error(`\nBenchmark failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
