import { execFile } from 'node:child_process';
import { PYTHON } from './python-client.ts';

export interface BatchResult {
  /** The final status of each call of the batch. */
  statuses: number[];
  /** The seconds the script waited, as Retry-After, or else X-RateLimit-Reset, told it to. */
  waits: number[];
}

/**
 * A batch job as integrators write it with `requests`: calls getuser `count` times, and on a 429 sleeps for
 * Retry-After, or without one until X-RateLimit-Reset plus 5 s (the vendor's advice), measured against the
 * answer's own Date; then tries again. Its `time.sleep` moves the emulator's clock instead of waiting (test
 * control), so that the test waits for nothing while the script still honours the headers.
 */
const BATCH = `
import json, sys, time, requests
from email.utils import parsedate_to_datetime
api, control, token, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
waits = []
def sleep(seconds):
    waits.append(seconds)
    requests.post(control + "/clock", json={"advance": seconds}, timeout=20).raise_for_status()
time.sleep = sleep

def wait_for(res):
    if "Retry-After" in res.headers:
        return int(res.headers["Retry-After"])
    reset = parsedate_to_datetime(res.headers["X-RateLimit-Reset"])
    return int((reset - parsedate_to_datetime(res.headers["Date"])).total_seconds()) + 5

def get_user(session):
    while True:
        res = session.get(api + "/auth/getuser", headers={"Authorization": "Bearer " + token}, timeout=20)
        if res.status_code != 429:
            return res
        time.sleep(wait_for(res))

with requests.Session() as session:
    statuses = [get_user(session).status_code for _ in range(count)]
print(json.dumps({"statuses": statuses, "waits": waits}))
`;

export interface ReauthenticationResult {
  /** getuser with the token the client signed in for and checked. */
  first: number;
  /** After `POST /_emulator/tokens/expire`: the kept token's status, then the new token's check and getuser. */
  afterExpire: { kept: number; fresh: string; freshGetUser: number };
  /** After the clock moved a day instead: the check of the token a new sign-in gives. */
  afterAdvance: { fresh: string };
}

/**
 * A client that checks the tokens it receives as PyJWT does by default (`nbf` against its own clock: a token not
 * valid yet is refused before it is ever sent), and signs in again on a 401. It meets every token expired through
 * test control, then a day passing on the emulator's clock.
 */
const REAUTHENTICATION = `
import base64, json, sys, time, requests
api, control, username, password = sys.argv[1:5]

def check(token):
    payload = token.split(".")[1]
    claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    now = time.time()
    if claims["nbf"] > now:
        return "ImmatureSignatureError: The token is not yet valid (nbf)"
    if claims["exp"] <= now:
        return "ExpiredSignatureError: Signature has expired"
    return "ok"

def sign_in():
    res = requests.post(api + "/auth", json={"username": username, "password": password}, timeout=20)
    res.raise_for_status()
    return res.text

def get_user(token):
    return requests.get(api + "/auth/getuser", headers={"Authorization": "Bearer " + token}, timeout=20).status_code

token = sign_in()
assert check(token) == "ok", check(token)
first = get_user(token)
requests.post(control + "/tokens/expire", timeout=20).raise_for_status()
kept = get_user(token)
fresh = sign_in()
after_expire = {"kept": kept, "fresh": check(fresh), "freshGetUser": get_user(fresh)}
requests.post(control + "/clock", json={"advance": "24h"}, timeout=20).raise_for_status()
after_advance = {"fresh": check(sign_in())}
print(json.dumps({"first": first, "afterExpire": after_expire, "afterAdvance": after_advance}))
`;

function runPython<T>(script: string, args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    execFile(PYTHON, ['-c', script, ...args], { timeout: 60_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`python3 failed: ${stderr || error.message}`));
      else resolve(JSON.parse(stdout) as T);
    });
  });
}

export const pythonRequestsBatch = (api: string, controlBase: string, token: string, count: number) =>
  runPython<BatchResult>(BATCH, [api, controlBase, token, String(count)]);

export const pythonReauthentication = (
  api: string,
  controlBase: string,
  username: string,
  password: string,
) => runPython<ReauthenticationResult>(REAUTHENTICATION, [api, controlBase, username, password]);
