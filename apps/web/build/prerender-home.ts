import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, defaultServerConditions, type Plugin } from 'vite';
// Types only: the config loader cannot run the workspace's .ts packages; the values come through the SSR module.
import type { LangCode, LANGUAGES } from '../src/i18n/languages.ts';
import { compressBeside } from './precompress.ts';

/** File name of the pre-rendered home page of one language, beside index.html in dist/. */
const homeFile = (lang: LangCode) => `home.${lang}.html`;

/**
 * Runs right after the pre-rendered markup: the markup is for an anonymous visitor in one language; a
 * visitor whose saved language differs or who is signed in would see the wrong page for an instant and then
 * a re-render, so the markup is dropped before it is ever painted and the app renders the page from scratch,
 * as without pre-rendering. The inline script of <head> (index.html) has decided it: `data-drop-prerender`.
 */
const GUARD =
  "if(document.documentElement.hasAttribute('data-drop-prerender')){" +
  "var r=document.getElementById('root');r.textContent='';r.removeAttribute('data-prerendered')}";

/** index.html with the home page of `lang` inside #root, the guard after it, and <html lang/dir> set. */
export function injectHome(indexHtml: string, lang: LangCode, rtl: boolean, markup: string): string {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root)) throw new Error('index.html lost its empty <div id="root"></div>');
  return indexHtml
    .replace(/<html lang="[^"]*" dir="[^"]*">/, `<html lang="${lang}" dir="${rtl ? 'rtl' : 'ltr'}">`)
    .replace(root, `<div id="root" data-prerendered="${lang}">${markup}</div><script>${GUARD}</script>`);
}

/**
 * Writes dist/home.ar.html and dist/home.fr.html: index.html with the home page already rendered
 * (src/prerender/home.tsx, loaded through a throw-away Vite SSR server). The API sends one of them for "/"
 * (the `lang` cookie chooses) and the plain index.html for every other client route. Runs before the
 * other writeBundle hooks so that csp-hashes sees the guard script.
 */
export function prerenderHome(): Plugin {
  return {
    name: 'filaha:prerender-home',
    apply: 'build',
    writeBundle: {
      order: 'pre',
      sequential: true,
      async handler(options) {
        const outDir = options.dir ?? 'dist';
        const server = await createServer({
          configFile: false,
          root: join(import.meta.dirname, '..'),
          plugins: [react()],
          // The workspace packages from their TypeScript sources, as in the bundle (vite.config.ts).
          ssr: { resolve: { conditions: ['@filaha/source', ...defaultServerConditions] } },
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        try {
          const mod = (await server.ssrLoadModule('/src/prerender/home.tsx')) as {
            renderHome: (lang: LangCode) => Promise<string>;
            LANGUAGES: typeof LANGUAGES;
          };
          const indexHtml = readFileSync(join(outDir, 'index.html'), 'utf8');
          for (const { code: lang, rtl } of mod.LANGUAGES) {
            const markup = await mod.renderHome(lang);
            if (!markup.includes('<main')) throw new Error(`pre-rendered home (${lang}) has no <main>`);
            const path = join(outDir, homeFile(lang));
            writeFileSync(path, injectHome(indexHtml, lang, rtl, markup));
            const size = compressBeside(path, 1024);
            this.info(`${homeFile(lang)}: ${(size.br / 1024).toFixed(1)} KB brotli`);
          }
        } finally {
          await server.close();
        }
      },
    },
  };
}
