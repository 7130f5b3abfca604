// Each bench owns one "## <Title>" section of docs/PERFORMANCE.md and rewrites only that section.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export const PERFORMANCE_DOC = join(import.meta.dirname, '..', '..', 'docs', 'PERFORMANCE.md');

/**
 * Replaces the section whose "## " heading is the first line of `section` (up to the next "## " heading),
 * or appends it; creates the document if missing.
 */
export function mergeSection(existing: string | null, section: string): string {
  if (existing === null || existing.trim() === '') return `# Performance\n\n${section}`;
  const heading = section.split('\n', 1)[0]!.trim();
  const lines = existing.split('\n');
  const start = lines.findIndex((l) => l.trim() === heading);
  if (start === -1) return `${existing.replace(/\n*$/, '')}\n\n${section.replace(/\n*$/, '')}\n`;
  let end = lines.findIndex((l, i) => i > start && /^## /.test(l));
  if (end === -1) end = lines.length;
  const after = lines.slice(end).join('\n');
  return [...lines.slice(0, start), section.replace(/\n*$/, ''), ...(after ? ['', after] : [''])].join('\n');
}

export async function writeDocSection(section: string, doc = PERFORMANCE_DOC): Promise<void> {
  await mkdir(dirname(doc), { recursive: true });
  const existing = await readFile(doc, 'utf8').catch(() => null);
  await writeFile(doc, mergeSection(existing, section));
}
