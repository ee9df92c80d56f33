import { execFile } from 'node:child_process';

export interface BatchResult {
  /** The final status of each call of the batch. */
  statuses: number[];
  /** The seconds the script waited, as Retry-After told it to. */
  waits: number[];
}

/**
 * A batch job as integrators write it with `requests`: calls getuser `count` times, and on a 429 sleeps for
 * Retry-After and tries again. Its `time.sleep` moves the emulator's clock instead of waiting (test control), so
 * that the test waits for nothing while the script still honours the header.
 */
const SCRIPT = `
import json, sys, time, requests
api, control, token, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
waits = []
def sleep(seconds):
    waits.append(seconds)
    requests.post(control + "/clock", json={"advance": seconds}, timeout=20).raise_for_status()
time.sleep = sleep

def get_user(session):
    while True:
        res = session.get(api + "/auth/getuser", headers={"Authorization": "Bearer " + token}, timeout=20)
        if res.status_code != 429:
            return res
        time.sleep(int(res.headers["Retry-After"]))

with requests.Session() as session:
    statuses = [get_user(session).status_code for _ in range(count)]
print(json.dumps({"statuses": statuses, "waits": waits}))
`;

export function pythonRequestsBatch(
  api: string,
  controlBase: string,
  token: string,
  count: number,
): Promise<BatchResult> {
  return new Promise((resolve, reject) => {
    execFile(
      'python3',
      ['-c', SCRIPT, api, controlBase, token, String(count)],
      { timeout: 60_000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`python3 failed: ${stderr || error.message}`));
        else resolve(JSON.parse(stdout) as BatchResult);
      },
    );
  });
}
