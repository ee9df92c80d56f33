import { describe, expect, it } from 'vitest';
import { isRecordList, recordsToCsv } from './records-csv';

/** The CSV's rows, each a list of its cells as written (quotes included), without the byte-order mark. */
const rows = (csv: string) =>
  csv
    .slice(1)
    .split('\r\n')
    .slice(0, -1)
    .map((line) => line.match(/"(?:[^"]|"")*"/g));

describe('recordsToCsv', () => {
  it('writes a column per member name in the order they first appear, every cell quoted, lines ending CRLF', () => {
    const csv = recordsToCsv([
      { UID: 'u1', FullName: 'Jane Doe' },
      { UID: 'u2', Extra: 'only here', FullName: 'O"Brien, Pat\nSr.' },
    ]);
    expect(csv.startsWith('\uFEFF"UID","FullName","Extra"\r\n')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(rows(csv)).toEqual([
      ['"UID"', '"FullName"', '"Extra"'],
      ['"u1"', '"Jane Doe"', '""'],
      ['"u2"', '"O""Brien, Pat\nSr."', '"only here"'],
    ]);
  });

  it('neutralises every cell a spreadsheet would run as a formula, names too; numbers stay numbers', () => {
    const csv = recordsToCsv([
      {
        a: '=HYPERLINK("http://evil.example","x")',
        b: '+1+1',
        c: '-2+3',
        d: '@SUM(A1)',
        e: '\t=1',
        f: '\r=1',
        g: -5,
        h: 'a=b',
        '=cmd|calc': true,
      },
    ]);
    expect(rows(csv)).toEqual([
      ['"a"', '"b"', '"c"', '"d"', '"e"', '"f"', '"g"', '"h"', `"'=cmd|calc"`],
      [
        `"'=HYPERLINK(""http://evil.example"",""x"")"`,
        `"'+1+1"`,
        `"'-2+3"`,
        `"'@SUM(A1)"`,
        `"'\t=1"`,
        `"'\r=1"`,
        '"-5"',
        '"a=b"',
        '"true"',
      ],
    ]);
  });

  it('writes nested values as their JSON, and empty cells for null and missing members', () => {
    expect(rows(recordsToCsv([{ a: ['x', 1], b: { c: null }, d: null }, { ['__proto__']: 'p' }]))).toEqual([
      ['"a"', '"b"', '"d"', '"__proto__"'],
      ['"[""x"",1]"', '"{""c"":null}"', '""', '""'],
      ['""', '""', '""', '"p"'],
    ]);
  });
});

describe('isRecordList', () => {
  it.each([
    [[{ a: 1 }, {}], true],
    [[], false],
    [[{ a: 1 }, null], false],
    [[{ a: 1 }, [1]], false],
    [[1, 2], false],
    [{ a: 1 }, false],
  ])('%j: %s', (value, expected) => {
    expect(isRecordList(value)).toBe(expected);
  });
});
