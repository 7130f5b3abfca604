import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@filaha/shared';
import { LANGUAGES } from './languages.ts';
import { NAMESPACES } from './index.ts';

type Tree = { [key: string]: string | Tree };

const here = import.meta.dirname;
const localesDir = join(here, 'locales');
const srcDir = join(here, '..');
const sharedAuth = join(here, '../../../../packages/shared/src/auth.ts');

function load(lang: string, ns: string): Tree {
  return JSON.parse(readFileSync(join(localesDir, lang, `${ns}.json`), 'utf8')) as Tree;
}

/** Every leaf as "a.b.c" → value. */
function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') for (const [k, v] of flatten(value, path)) out.set(k, v);
    else out.set(path, value);
  }
  return out;
}

const keys = new Map(
  LANGUAGES.map((l) => [l.code, new Map(NAMESPACES.map((ns) => [ns, flatten(load(l.code, ns))]))] as const),
);
const has = (ns: string, key: string) =>
  keys
    .get('ar')
    ?.get(ns as (typeof NAMESPACES)[number])
    ?.has(key) ?? false;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * Finds the translation keys a file uses literally: t('key') / tc('key') calls, resolved against the
 * namespace of the useTranslation() that defined that function, and any 'ns:key' string literal.
 * Template-literal keys are left to TypeScript, whose typed t() rejects unknown keys.
 */
function usedKeys(file: string): Array<{ ns: string; key: string }> {
  const text = readFileSync(file, 'utf8');
  const fns = new Map<string, string>();
  for (const m of text.matchAll(/\{\s*t(?:\s*:\s*(\w+))?\s*(?:,[^}]*)?\}\s*=\s*useTranslation\(([^)]*)\)/g)) {
    const ns = /['"](\w+)['"]/.exec(m[2] ?? '')?.[1] ?? 'common';
    fns.set(m[1] ?? 't', ns);
  }
  const found: Array<{ ns: string; key: string }> = [];
  for (const [fn, ns] of fns) {
    for (const m of text.matchAll(new RegExp(`\\b${fn}\\(\\s*'([^'$\`]+)'`, 'g'))) {
      const key = m[1] ?? '';
      const [prefix, rest] = key.includes(':') ? key.split(':', 2) : [ns, key];
      found.push({ ns: prefix ?? ns, key: rest ?? key });
    }
  }
  const nsList = NAMESPACES.join('|');
  for (const m of text.matchAll(new RegExp(`'(${nsList}):([\\w.]+)'`, 'g')))
    found.push({ ns: m[1] ?? '', key: m[2] ?? '' });
  return found;
}

describe('locale files', () => {
  it.each(NAMESPACES)('%s has the same keys in ar and fr', (ns) => {
    const ar = [...(keys.get('ar')?.get(ns)?.keys() ?? [])].sort();
    const fr = [...(keys.get('fr')?.get(ns)?.keys() ?? [])].sort();
    expect(ar.length).toBeGreaterThan(0);
    expect(fr).toEqual(ar);
  });

  it('has no empty or non-text value', () => {
    const bad: string[] = [];
    for (const [lang, byNs] of keys)
      for (const [ns, map] of byNs)
        for (const [key, value] of map)
          if (typeof value !== 'string' || value.trim() === '') bad.push(`${lang}/${ns}:${key}`);
    expect(bad).toEqual([]);
  });

  it('keeps the same {{placeholders}} in both languages', () => {
    const mismatched: string[] = [];
    const vars = (v: unknown) =>
      [...String(v).matchAll(/\{\{(\w+)\}\}/g)]
        .map((m) => m[1])
        .sort()
        .join(',');
    for (const ns of NAMESPACES)
      for (const [key, value] of keys.get('ar')?.get(ns) ?? [])
        if (vars(value) !== vars(keys.get('fr')?.get(ns)?.get(key))) mismatched.push(`${ns}:${key}`);
    expect(mismatched).toEqual([]);
  });

  it('translates every API error code', () => {
    expect(ERROR_CODES.filter((code) => !has('errors', code))).toEqual([]);
  });

  it('translates every validation message of the shared schemas', () => {
    const messages = [...readFileSync(sharedAuth, 'utf8').matchAll(/'validation\.(\w+)'/g)].map((m) => m[1] ?? '');
    expect(messages.length).toBeGreaterThan(5);
    expect([...new Set(messages)].filter((k) => !has('validation', k))).toEqual([]);
  });

  it('defines every key the source uses', () => {
    const files = sourceFiles(srcDir);
    const uses = files.flatMap((f) => usedKeys(f).map((u) => ({ ...u, file: relative(srcDir, f) })));
    expect(uses.length).toBeGreaterThan(100);
    const missing = uses.filter((u) => !has(u.ns, u.key)).map((u) => `${u.file}: ${u.ns}:${u.key}`);
    expect(missing).toEqual([]);
  });
});
