import { execFile } from 'node:child_process';

/** The interpreter with `requests`: `python3`, or the one `.ci/run` names when only Debian's has it. */
export const PYTHON = process.env.PYTHON || 'python3';

export interface PythonReply {
  status: number;
  contentType: string;
  body: string;
  /** The Content-Type the request went out with, as Python set it. */
  sentType: string | null;
}

/**
 * What a script against a real tenant does: urllib posts a dict urlencoded (the default of urllib, and of
 * `requests.post(url, dict)`), or GETs with a bearer header.
 */
const SCRIPT = `
import json, sys, urllib.error, urllib.parse, urllib.request
url, params, token = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3]
data = None if params is None else urllib.parse.urlencode(params).encode()
request = urllib.request.Request(url, data=data)
if token:
    request.add_header("Authorization", "Bearer " + token)
try:
    response = urllib.request.urlopen(request, timeout=20)
except urllib.error.HTTPError as error:
    response = error
print(json.dumps({
    "status": response.status,
    "contentType": response.headers.get("Content-Type"),
    "body": response.read().decode("utf-8"),
    "sentType": request.get_header("Content-type"),
}))
`;

function runPython(url: string, params: Record<string, string> | null, token: string): Promise<PythonReply> {
  return new Promise((resolve, reject) => {
    execFile(
      PYTHON,
      ['-c', SCRIPT, url, JSON.stringify(params), token],
      { timeout: 30_000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`python3 failed: ${stderr || error.message}`));
        else resolve(JSON.parse(stdout) as PythonReply);
      },
    );
  });
}

/** POSTs a dict with Python's urllib: `application/x-www-form-urlencoded`, as scripts send it. */
export const pythonPostForm = (url: string, params: Record<string, string>) => runPython(url, params, '');

/** GETs with Python's urllib and `Authorization: Bearer <token>`. */
export const pythonGet = (url: string, token: string) => runPython(url, null, token);

/**
 * Runs a Python program (a copy a user would paste into a script), with `env` added to this process's environment,
 * and gives back what it printed.
 */
export function runPythonProgram(
  program: string,
  env: Record<string, string> = {},
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const options = { timeout: 30_000, env: { ...process.env, ...env } };
    execFile(PYTHON, ['-c', program], options, (error, stdout, stderr) => {
      if (error) reject(new Error(`python3 failed: ${stderr || error.message}`));
      else resolve({ stdout, stderr });
    });
  });
}
