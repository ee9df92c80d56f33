import { writeFileSync } from 'node:fs';
import type { Row } from './section.ts';

export interface ReportSection {
  title: string;
  rows: Row[];
}

/** A compact, aligned table of every section's rows. */
export function formatTable(sections: readonly ReportSection[]): string {
  const rows = sections.flatMap((s) => s.rows);
  const figureWidth = Math.max(6, ...rows.map((r) => r.figure.length));
  const valueWidth = Math.max(5, ...rows.map((r) => r.value.length));
  const line = (figure: string, value: string, note: string) =>
    `${figure.padEnd(figureWidth)}  ${value.padStart(valueWidth)}  ${note}`.trimEnd();
  const out = [
    line('Figure', 'Value', 'Note'),
    line('-'.repeat(figureWidth), '-'.repeat(valueWidth), '----'),
  ];
  for (const section of sections) {
    out.push(`[${section.title}]`);
    for (const row of section.rows) out.push(line(row.figure, row.value, row.note ?? ''));
  }
  return out.join('\n');
}

export function writeJson(path: string, data: unknown) {
  writeFileSync(path, `${JSON.stringify(data, null, 2)}\n`);
}
