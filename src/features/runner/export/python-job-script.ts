import { prepareJob, type JobScriptSpec, type PreparedJob } from './job-script-spec';

/** A Python string literal: JSON's escapes are Python's too (no f-string, so braces are plain text). */
const q = (text: string) => JSON.stringify(text);
const list = (items: readonly string[]) =>
  items.length === 0 ? '[]' : `[\n${items.map((item) => `    ${q(item)},\n`).join('')}]`;

/** What the script does, whatever the job: fill, sign in, pace, write the results. */
const PROGRAM = String.raw`
REFERENCE = (
    re.compile("|".join(re.escape("{{" + name + "}}") for name in REFERENCED)) if REFERENCED else None
)


def fill(template, row, escape):
    """The template with each {{column}} replaced by the row's value, escaped; a value put in is never read again."""
    if REFERENCE is None:
        return template
    return REFERENCE.sub(lambda match: escape(row.get(match.group()[2:-2]) or ""), template)


def url_value(text):
    return urllib.parse.quote(text, safe="")


def json_value(text):
    return json.dumps(text)[1:-1]


def ask():
    """The sign-in's path and body, the secret asked without echo; it stays in memory, never on disk."""
    if SIGN_IN == "password":
        name = input("User name: ")
        return "/api/auth", {"username": name, "password": getpass.getpass("Password: ")}
    beid = input("BEID: ")
    return "/api/auth/loginadmin", {"BEID": beid, "WebServicesKey": getpass.getpass("WebServicesKey: ")}


def seconds_to_reset(answer):
    """Seconds until X-RateLimit-Reset, by the answer's own Date (the tenant's clock), else by this machine's."""
    try:
        reset = parsedate_to_datetime(answer.headers["X-RateLimit-Reset"])
        try:
            now = parsedate_to_datetime(answer.headers["Date"])
        except (KeyError, TypeError, ValueError):
            now = datetime.now(timezone.utc)
        return max(0.0, (reset - now).total_seconds())
    except (KeyError, TypeError, ValueError):
        return None


def wait(seconds, why):
    print("Waiting %g s: %s" % (seconds, why), file=sys.stderr, flush=True)
    time.sleep(seconds)


def wait_after_429(answer):
    retry_after = answer.headers.get("Retry-After", "").strip()
    if retry_after.isdigit():
        return int(retry_after)
    until = seconds_to_reset(answer)
    return FALLBACK_WAIT_SECONDS if until is None else until + MARGIN_SECONDS


class Job:
    def __init__(self, session, credentials):
        self.session = session
        self.credentials = credentials
        self.token = None
        self.spent_wait = None

    def sign_in(self):
        path, body = self.credentials
        for attempt in range(2):
            answer = self.session.post(BASE + path, json=body, timeout=60)
            if answer.status_code == 429 and attempt == 0:
                wait(wait_after_429(answer), "the sign-in's rate window is spent")
                continue
            if answer.status_code != 200:
                sys.exit("Sign-in refused: %d %s" % (answer.status_code, answer.text[:300]))
            self.token = answer.text.strip()
            return

    def send(self, row):
        if self.spent_wait is not None:
            wait(self.spent_wait, "the rate window is spent")
            self.spent_wait = None
        url = BASE + fill(PATH, row, url_value)
        if QUERY:
            url += "?" + "&".join(
                url_value(name) + "=" + url_value(fill(value, row, str)) for name, value in QUERY
            )
        headers = {"Authorization": "Bearer " + self.token}
        data = None
        if BODY is not None:
            data = fill(BODY, row, json_value).encode("utf-8")
            headers["Content-Type"] = "application/json; charset=utf-8"
        answer = self.session.request(METHOD, url, headers=headers, data=data, timeout=60)
        until = seconds_to_reset(answer)
        remaining = answer.headers.get("X-RateLimit-Remaining", "").strip()
        if answer.status_code != 429 and remaining.lstrip("-").isdigit() and int(remaining) <= 0:
            if until is not None:
                self.spent_wait = until + MARGIN_SECONDS
        return answer

    def run_row(self, row):
        """One row's answer, tried once more after a 429's wait, or after signing in again on a 401."""
        answer = self.send(row)
        if answer.status_code == 429:
            wait(wait_after_429(answer), "429 Too Many Requests")
            answer = self.send(row)
        elif answer.status_code == 401:
            self.sign_in()
            answer = self.send(row)
        return answer


def cell(value):
    """As the console's CSV writes a cell: text a spreadsheet would run as a formula gets a leading '."""
    if value is None:
        return ""
    if isinstance(value, str):
        return "'" + value if FORMULA_START.match(value) else value
    if isinstance(value, (bool, int, float)):
        return json.dumps(value)
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def shown(name, value):
    return MASK if name in SECRET_NAMES and value not in (None, "") else value


def answer_fields(answer):
    try:
        record = answer.json()
    except ValueError:
        record = None
    if not isinstance(record, dict):
        return [None] * len(ANSWER_FIELDS)
    return [shown(field, record.get(field)) for field in ANSWER_FIELDS]


def main():
    if len(sys.argv) != 3:
        sys.exit("Usage: python3 %s rows.csv results.csv" % sys.argv[0])
    rows_path, results_path = sys.argv[1], sys.argv[2]
    with open(rows_path, newline="", encoding="utf-8-sig") as rows_file:
        reader = csv.DictReader(rows_file)
        missing = [name for name in REFERENCED if name not in (reader.fieldnames or [])]
        if missing:
            sys.exit("%s has no column %s" % (rows_path, ", ".join(missing)))
        rows = list(reader)
    if os.path.exists(results_path):
        sys.exit("%s already exists: name a new file for the results" % results_path)
    with requests.Session() as session:
        job = Job(session, ask())
        job.sign_in()
        with open(results_path, "x", newline="", encoding="utf-8-sig") as results_file:
            results = csv.writer(results_file, quoting=csv.QUOTE_ALL, lineterminator="\r\n")
            results.writerow([cell(name) for name in COLUMNS + ["status", "time"] + ANSWER_FIELDS])
            for number, row in enumerate(rows, 1):
                values = [shown(name, row.get(name)) for name in COLUMNS]
                at = datetime.now(timezone.utc).isoformat(timespec="seconds")
                try:
                    answer = job.run_row(row)
                    status, fields = answer.status_code, answer_fields(answer)
                except requests.RequestException as error:
                    status, fields = "error: %s" % type(error).__name__, [None] * len(ANSWER_FIELDS)
                results.writerow([cell(value) for value in values + [status, at] + fields])
                results_file.flush()
                print("%d/%d: %s" % (number, len(rows), status), flush=True)


if __name__ == "__main__":
    main()
`;

function header(spec: JobScriptSpec, job: PreparedJob): string[] {
  const secret = job.signIn === 'password' ? 'user name and password' : 'BEID and WebServicesKey';
  return [
    '#!/usr/bin/env python3',
    ...(job.connection === null ? [] : [`# Connection: ${job.connection}`]),
    `# A bulk job exported from Auth Console: ${spec.method} ${job.path.replace(/[\p{Cc}\u2028\u2029]/gu, ' ')} once for each row of a CSV.`,
    '# Run it as: python3 job.py rows.csv results.csv',
    '# It needs Python 3.8 or later and requests (pip install requests, or apt install python3-requests).',
    `# It asks for the ${secret} when it starts: nothing secret is written in this file.`,
    "# It keeps to the tenant's rate limit: when an answer's X-RateLimit-Remaining is 0 it waits until its",
    '# X-RateLimit-Reset plus MARGIN_SECONDS; on a 429 it waits as the answer says and tries that row once more.',
    "# The results CSV has one line per row: the row's values, the status, the time and the answer's fields.",
  ];
}

/** The job as a Python script (`requests`) that reads the CSV, signs in, runs every row paced and writes results. */
export function pythonJobScript(spec: JobScriptSpec): string {
  const job = prepareJob(spec);
  return [
    ...header(spec, job),
    '',
    'import csv',
    'import getpass',
    'import json',
    'import os',
    'import re',
    'import sys',
    'import time',
    'import urllib.parse',
    'from datetime import datetime, timezone',
    'from email.utils import parsedate_to_datetime',
    '',
    'import requests',
    '',
    `BASE = ${q(job.base)}`,
    `SIGN_IN = ${q(job.signIn)}  # "password" or "admin-key"`,
    `METHOD = ${q(job.method)}`,
    `PATH = ${q(job.path)}`,
    `QUERY = ${job.query.length === 0 ? '[]' : `[\n${job.query.map(({ name, value }) => `    (${q(name)}, ${q(value)}),\n`).join('')}]`}`,
    `BODY = ${job.body === null ? 'None' : q(job.body)}`,
    `COLUMNS = ${list(job.columns)}`,
    '# The columns the path, query and body use, longest first.',
    `REFERENCED = ${list(job.referenced)}`,
    `ANSWER_FIELDS = ${list(job.answerFields)}`,
    '# Values shown masked in the results: their names say secret.',
    `SECRET_NAMES = ${list(job.secretNames)}`,
    `MASK = ${q(job.mask)}`,
    `MARGIN_SECONDS = ${job.marginSeconds}`,
    `FALLBACK_WAIT_SECONDS = ${job.fallbackWaitSeconds}`,
    `FORMULA_START = re.compile(${q(job.formulaStart)})`,
    PROGRAM,
  ].join('\n');
}
