import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bodyBytes, formatRecording } from '../server/recordings/recording-file.ts';

/** The call the benchmark's recording answers: a report of 1 MB, as a sandbox might answer it. */
export const REPLAYED_PATH = '/api/30/reports/1';
const ANSWER_BYTES = 1024 * 1024;

/** One recorded answer, and the bytes and content type replay serves for it (what the peers serve too). */
export interface ReplayedAnswer {
  /** Below the API base. */
  path: string;
  body: Buffer;
  contentType: string;
}

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

/** A ticket as a sandbox answers `GET api/30/tickets/12`: some 430 bytes, the size of most answers of a script. */
const TICKET = {
  ID: 12,
  AppID: 30,
  TypeName: 'Incident',
  Title: 'Printer on fire',
  Description: 'The printer on the third floor jams on every second page.',
  StatusName: 'In Process',
  PriorityName: 'High',
  CreatedDate: '2026-03-02T12:00:00Z',
  ModifiedDate: '2026-03-02T12:30:00Z',
  RequestorName: '<redacted>',
  RequestorEmail: '<redacted>',
  ResponsibleGroupName: 'Desktop Support',
  LocationName: 'Main Library',
  Tags: ['printer', 'third-floor'],
};

function record(dir: string, file: string, path: string, json: unknown): ReplayedAnswer {
  const answer = {
    recordedAt: null,
    status: 200,
    contentType: 'application/json; charset=utf-8',
    rateLimit: {},
    body: { json },
  };
  const recording = formatRecording({
    request: { method: 'GET', path, query: [], body: null, ignore: [] },
    answers: [answer],
  });
  writeFileSync(join(dir, file), recording, { mode: 0o600 });
  return { path, body: bodyBytes(answer.body), contentType: answer.contentType };
}

/**
 * Writes REPLAY_DIR for the benchmark's server: a recording of GET REPLAYED_PATH with a 1 MB JSON answer, and one
 * of a ticket of some 430 bytes. Answers both, the 1 MB one first.
 */
export function writeReplayDir(dir: string): [ReplayedAnswer, ReplayedAnswer] {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return [
    record(dir, 'get-api-30-reports-1.json', REPLAYED_PATH, answerOfOneMegabyte()),
    record(dir, 'get-api-30-tickets-12.json', '/api/30/tickets/12', TICKET),
  ];
}
