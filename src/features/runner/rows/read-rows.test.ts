import { describe, expect, it } from 'vitest';
import { MAX_ROWS, readRows } from './read-rows';

describe('readRows', () => {
  it('reads one value a line as the named column, blank lines and spaces left out', () => {
    expect(readRows(' u1 \r\n\nu2\n', 'lines', 'uid')).toEqual({
      ok: true,
      rows: { columns: ['uid'], values: [{ uid: 'u1' }, { uid: 'u2' }] },
    });
  });

  it('reads a CSV with a header row, quoted cells, commas and new lines in them, a byte-order mark', () => {
    const read = readRows('\uFEFFuid, Title\r\nu1,"Doe, Jane"\r\nu2,"two\nlines"\r\n', 'csv', 'x');
    expect(read).toEqual({
      ok: true,
      rows: {
        columns: ['uid', 'Title'],
        values: [
          { uid: 'u1', Title: 'Doe, Jane' },
          { uid: 'u2', Title: 'two\nlines' },
        ],
      },
    });
  });

  it('reads a CSV of one column', () => {
    expect(readRows('uid\nu1\nu2', 'csv', 'x')).toMatchObject({
      ok: true,
      rows: { values: [{ uid: 'u1' }, { uid: 'u2' }] },
    });
  });

  it.each([
    ['uid,uid\n1,2', 'csv', 'Column “uid” is named twice.'],
    ['uid,\n1,2', 'csv', 'Column 2 has no name.'],
    ['u id\n1', 'csv', 'Column “u id” cannot be a variable’s name: use letters, digits, _, - and . only.'],
    ['uid,name\n1,2\n3', 'csv', 'Line 3 of the CSV has 1 value; its header names 2.'],
    ['uid\n"1', 'csv', /^The CSV breaks at line \d+: /],
    ['uid', 'csv', 'There are no rows.'],
    ['  \n', 'lines', 'There are no rows.'],
    ['{"a": 1}', 'json', 'The JSON is not an array: write one item per row, [ … ].'],
    [
      '[1, {"a": 1}]',
      'json',
      'Item 1 of the array is not an object: every row is an object, or every row a value.',
    ],
    ['[{"a": [1]}]', 'json', 'Item 1: “a” holds more than one value.'],
    ['[1,', 'json', /^The JSON cannot be read: /],
  ] as const)('refuses %j (%s) with a clear sentence', (text, format, message) => {
    const read = readRows(text, format, 'uid');
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.message).toMatch(message);
  });

  it('reads a JSON array of objects (members missing from an item empty) or of values', () => {
    expect(readRows('[{"uid": "u1", "n": 2}, {"uid": "u2", "ok": true, "gone": null}]', 'json', 'x')).toEqual(
      {
        ok: true,
        rows: {
          columns: ['uid', 'n', 'ok'],
          values: [
            { uid: 'u1', n: '2', ok: '' },
            { uid: 'u2', n: '', ok: 'true' },
          ],
        },
      },
    );
    expect(readRows('["u1", 7]', 'json', 'uid')).toEqual({
      ok: true,
      rows: { columns: ['uid'], values: [{ uid: 'u1' }, { uid: '7' }] },
    });
  });

  it(`takes ${MAX_ROWS} rows at most`, () => {
    const text = Array.from({ length: MAX_ROWS + 1 }, (_, i) => `u${i}`).join('\n');
    expect(readRows(text, 'lines', 'uid')).toEqual({
      ok: false,
      message: `There are ${MAX_ROWS + 1} rows: one job takes ${MAX_ROWS} at most.`,
    });
  });
});
