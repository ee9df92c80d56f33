import type { JobScriptSpec } from '@/features/runner/export/job-script-spec';

/** Column names that would break out of a string if a script quoted them wrongly, in Python or PowerShell. */
export const HOSTILE_NAMES = [
  'say "hi"',
  "it's",
  'line\nbreak\r\n',
  '$(Get-Date) ${x} $env:PATH',
  '`tick` `n',
  '}}{{',
  'back\\slash \\" \\n',
  '\u201Ccurly\u201D \u2018single\u2019 \u201Alow\u201B',
  '\'@\n\'@ "@\n"@',
  '""" \'\'\' # not a comment',
  'Zoë Ångström 李 😀',
];

/**
 * A job that uses every name of `names` in the path, the query and (where JSON writes the name as it is) the body,
 * a job of plain names (`c0`, `c1`, …) has the same shape, for comparison.
 */
export function jobOf(names: readonly string[], connection: string): JobScriptSpec {
  const ref = (name: string) => `{{${name}}}`;
  const inBody = names.filter((name) => JSON.stringify(name) === `"${name}"`);
  return {
    baseUrl: 'https://acme.teamdynamix.com/TDWebApi',
    signIn: 'password',
    method: 'POST',
    path: `/api/people/${names.map(ref).join('/')}`,
    query: names.map((name) => ({ name: name.replaceAll('{{', '{ {'), value: `v=${ref(name)}` })),
    body: JSON.stringify(Object.fromEntries(inBody.map((name, i) => [`m${i}`, `v ${ref(name)}`]))),
    columns: names,
    answerFields: names,
    connection,
  };
}
