import { describe, expect, it } from 'vitest';
import { bodyPreview } from './body-preview';

describe('a body’s first lines', () => {
  it('shows a short body whole', () => {
    expect(bodyPreview('{\n  "Title": "Printer"\n}\n')).toEqual({
      lines: ['{', '  "Title": "Printer"', '}'],
      more: 0,
    });
  });

  it('shows the first lines and counts the rest', () => {
    const text = JSON.stringify({ a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8, i: 9, j: 10 }, null, 2);
    const preview = bodyPreview(text);
    expect(preview.lines).toEqual(text.split('\n').slice(0, 8));
    expect(preview.more).toBe(4);
  });

  it('cuts a long line short, so that a body on one line cannot fill the dialog', () => {
    const preview = bodyPreview(`{"Description":"${'x'.repeat(5000)}"}`);
    expect(preview.lines).toHaveLength(1);
    expect(preview.lines[0]).toHaveLength(160);
    expect(preview.lines[0]!.endsWith('…')).toBe(true);
    expect(preview.more).toBe(0);
  });
});
