import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './platform.ts';

export type Lang = 'ar' | 'fr';
const cache = new Map<string, Record<string, unknown>>();

/** The web app's own translation for `ns:key.path` in `lang`, so tests find elements by their visible names. */
export function t(lang: Lang, id: string, vars: Record<string, string | number> = {}): string {
  const [ns, path] = id.includes(':') ? (id.split(':') as [string, string]) : ['common', id];
  const file = join(repoRoot, 'apps/web/src/i18n/locales', lang, `${ns}.json`);
  let data = cache.get(file);
  if (!data) {
    data = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    cache.set(file, data);
  }
  let node: unknown = data;
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`missing locale key ${lang}/${ns}:${path}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));
}
