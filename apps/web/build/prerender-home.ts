import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';
import { compressBeside } from './precompress.ts';

export const PRERENDER_LANGS = ['ar', 'fr'] as const;
export type PrerenderLang = (typeof PRERENDER_LANGS)[number];

/** File name of the pre-rendered home page of one language, beside index.html in dist/. */
export const homeFile = (lang: PrerenderLang) => `home.${lang}.html`;

/**
 * Runs right after the pre-rendered markup: the markup is for an anonymous visitor in one language; a
 * visitor whose saved language differs (the inline script of <head> has already applied it to <html>) or
 * who is signed in would see the wrong page for an instant and then a re-render, so the markup is dropped
 * before it is ever painted and the app renders the page from scratch, as without pre-rendering.
 */
const GUARD =
  "try{var r=document.getElementById('root');" +
  "if(r.getAttribute('data-prerendered')!==document.documentElement.lang||localStorage.getItem('Token')){" +
  "r.textContent='';r.removeAttribute('data-prerendered')}}catch(e){}";

/** index.html with the home page of `lang` inside #root, the guard after it, and <html lang/dir> set. */
export function injectHome(indexHtml: string, lang: PrerenderLang, markup: string): string {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root)) throw new Error('index.html lost its empty <div id="root"></div>');
  return indexHtml
    .replace(/<html lang="[^"]*" dir="[^"]*">/, `<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`)
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
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        try {
          const mod = (await server.ssrLoadModule('/src/prerender/home.tsx')) as {
            renderHome: (lang: PrerenderLang) => Promise<string>;
          };
          const indexHtml = readFileSync(join(outDir, 'index.html'), 'utf8');
          for (const lang of PRERENDER_LANGS) {
            const markup = await mod.renderHome(lang);
            if (!markup.includes('<main')) throw new Error(`pre-rendered home (${lang}) has no <main>`);
            const path = join(outDir, homeFile(lang));
            writeFileSync(path, injectHome(indexHtml, lang, markup));
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
