import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { AREAS } from '../src/app/areas.ts';
import { PAGE_PRELOAD, PUBLIC_PRELOAD } from '../src/app/routePreload.ts';
import { SHELL_FRAMES, type ShellFrame } from '../src/app/shellMarkup.ts';
import { pattern } from './route-preload.ts';

/** The map literal in index.html's second inline script (formatters may put a space after the marker). */
const PLACEHOLDER = /\/\*route-shell\*\/\s*\{\}/;
const LOCALES = join(import.meta.dirname, '..', 'src', 'i18n', 'locales');
const LANGS = ['ar', 'fr'] as const;

/** The text of `namespace:dotted.key` in one language, from the locale files the app itself loads. */
export function localeText(lang: string, key: string): string {
  const [ns, path] = key.split(':') as [string, string];
  let node: unknown = JSON.parse(readFileSync(join(LOCALES, lang, `${ns}.json`), 'utf8'));
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string' || node === '') throw new Error(`route-shell: no text for ${key} in ${lang}`);
  return node;
}

/** What index.html's inline script needs: routes [pattern, frame, title index, signed in], titles, frames, brand. */
export function shellTable() {
  const routes: [string, ShellFrame, number, 0 | 1][] = [];
  const titles: string[] = [];
  const add = (path: string, frame: ShellFrame, title: string, signedIn: 0 | 1) => {
    const at = titles.indexOf(title);
    routes.push([pattern(path), frame, at >= 0 ? at : titles.push(title) - 1, signedIn]);
  };
  for (const p of PUBLIC_PRELOAD) if (p.title) add(p.path, 'auth', p.title, 0);
  for (const area of AREAS) {
    for (const route of area.routes) {
      const title = PAGE_PRELOAD[route.page]?.title;
      if (title) add(`${area.base}/${route.path}`, 'area', title, 1);
    }
  }
  const t = Object.fromEntries(LANGS.map((lang) => [lang, titles.map((key) => localeText(lang, key))]));
  const b = Object.fromEntries(LANGS.map((lang) => [lang, localeText(lang, 'common:brand.name')]));
  return { r: routes, m: SHELL_FRAMES, t, b };
}

/**
 * Issue 13 §4: on a weak connection the main script arrives and runs seconds after the document, and the screen
 * was blank until then. This plugin writes into index.html's second inline script the frames of
 * src/app/shellMarkup.ts and, for the screens that declare a title in src/app/routePreload.ts, their route and
 * their title in each language; the script paints the frame of the opened route with its title at once.
 */
export function routeShell(): Plugin {
  return {
    name: 'filaha:route-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!PLACEHOLDER.test(html)) throw new Error('index.html lost its route-shell placeholder');
        return html.replace(PLACEHOLDER, JSON.stringify(shellTable()));
      },
    },
  };
}
