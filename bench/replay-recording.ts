import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatRecording } from '../server/recordings/recording-file.ts';

/** The call the benchmark's recording answers: a report of 1 MB, as a sandbox might answer it. */
export const REPLAYED_PATH = '/api/30/reports/1';
const ANSWER_BYTES = 1024 * 1024;

function answerOfOneMegabyte(): unknown[] {
  const rows: unknown[] = [];
  for (let id = 1; JSON.stringify(rows).length < ANSWER_BYTES; id++) {
    rows.push({
      ID: id,
      Title: `Ticket ${id}: the printer on the third floor jams on every second page`,
      StatusName: 'In Process',
      CreatedDate: '2026-03-02T12:00:00Z',
      Requestor: { FullName: '<redacted>', PrimaryEmail: '<redacted>' },
    });
  }
  return rows;
}

/** Writes REPLAY_DIR for the benchmark's server: one recording of GET REPLAYED_PATH with a 1 MB JSON answer. */
export function writeReplayDir(dir: string): number {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const json = answerOfOneMegabyte();
  const recording = formatRecording({
    request: { method: 'GET', path: REPLAYED_PATH, query: [], body: null, ignore: [] },
    answers: [
      {
        recordedAt: null,
        status: 200,
        contentType: 'application/json; charset=utf-8',
        rateLimit: {},
        body: { json },
      },
    ],
  });
  writeFileSync(join(dir, 'get-api-30-reports-1.json'), recording, { mode: 0o600 });
  return Buffer.byteLength(JSON.stringify(json));
}
