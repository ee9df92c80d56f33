import { describe, expect, it } from 'vitest';
import { resultsCsv, resultsJson, type ResultLine } from './results-files';

const lines: ResultLine[] = [
  {
    index: 0,
    values: { uid: 'u1' },
    result: {
      ok: true,
      status: 200,
      ms: 12,
      message: '',
      fields: { FullName: '=cmd|calc', UID: 'u1', IsActive: true },
      retried: true,
    },
  },
  {
    index: 1,
    values: { uid: '-2' },
    result: { ok: false, status: 404, ms: 3, message: 'Not found.', fields: {}, retried: false },
  },
  { index: 2, values: { uid: 'u3' }, result: undefined },
];

describe('results files', () => {
  it('writes one CSV line per row with its values, status, error, time and the picked fields, formula-safe', () => {
    const csv = resultsCsv(lines, ['uid'], ['FullName']);
    expect(csv.slice(1).split('\r\n')).toEqual([
      '"Row","uid","Status","Error","Time (ms)","FullName"',
      `"1","u1","200","","12","'=cmd|calc"`,
      `"2","'-2","404","Not found.","3",""`,
      '"3","u3","Not sent","","",""',
      '',
    ]);
  });

  it('writes the JSON with every field kept', () => {
    expect(JSON.parse(resultsJson(lines))).toEqual([
      {
        row: 1,
        values: { uid: 'u1' },
        status: 200,
        ok: true,
        error: '',
        ms: 12,
        retried: true,
        fields: { FullName: '=cmd|calc', UID: 'u1', IsActive: true },
      },
      {
        row: 2,
        values: { uid: '-2' },
        status: 404,
        ok: false,
        error: 'Not found.',
        ms: 3,
        retried: false,
        fields: {},
      },
      {
        row: 3,
        values: { uid: 'u3' },
        status: null,
        ok: false,
        error: 'Not sent',
        ms: null,
        retried: false,
        fields: {},
      },
    ]);
  });
});
