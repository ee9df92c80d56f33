/** The first lines of a body, as the confirmation shows what a write will send. */
export interface BodyPreview {
  /** Up to `count` lines, a line longer than `width` cut short with "…". */
  lines: string[];
  /** How many lines are not shown. */
  more: number;
}

export function bodyPreview(text: string, count = 8, width = 160): BodyPreview {
  const all = text.replace(/\s+$/, '').split(/\r?\n/);
  const lines = all
    .slice(0, count)
    .map((line) => (line.length > width ? `${line.slice(0, width - 1)}…` : line));
  return { lines, more: Math.max(0, all.length - count) };
}
