import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * The fenced code blocks of language `language` in the section of a doc that starts at the heading `heading` (up
 * to the next heading of the same or a higher level), in order: what a test runs exactly as the doc shows it.
 */
export function docBlocks(doc: string, heading: string, language: string): string[] {
  const text = readFileSync(resolve(ROOT, doc), 'utf8');
  const level = /^#+/.exec(heading)?.[0].length ?? 0;
  const start = text.split('\n').findIndex((line) => line === heading);
  if (level === 0 || start < 0) throw new Error(`${doc} has no heading "${heading}"`);
  const lines = text.split('\n').slice(start + 1);
  const end = lines.findIndex((line) => new RegExp(`^#{1,${level}} `).test(line));
  const section = lines.slice(0, end < 0 ? undefined : end).join('\n');
  const blocks = [...section.matchAll(/^```(\S*)\n([\s\S]*?)^```$/gm)]
    .filter((match) => match[1] === language)
    .map((match) => match[2]!);
  if (blocks.length === 0) throw new Error(`the section "${heading}" of ${doc} has no ${language} block`);
  return blocks;
}
