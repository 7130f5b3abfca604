import { existsSync } from 'node:fs';
import { relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { langFromCookie } from '@filaha/shared/lang-cookie';
import { notFound } from './error-handler.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Hashed build outputs never change under one name; everything else must be revalidated. */
export function cacheControlFor(webDist: string, filePath: string): string {
  const logical = filePath.replace(/\.(br|gz)$/, '');
  const rel = relative(webDist, logical).split(sep).join('/');
  return rel.startsWith('assets/') ? IMMUTABLE : REVALIDATE;
}

/** The language of the pre-rendered home page: the `lang` cookie the web app keeps (ar or fr), else Arabic. */
export function homeLang(cookieHeader: string | undefined): 'ar' | 'fr' {
  return langFromCookie(cookieHeader) ?? 'ar';
}

function wantsHtml(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '';
  if (path === '/api' || path.startsWith('/api/')) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

const PLACEHOLDER = `<!doctype html>
<html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Filaha — فلاحة</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.6}code{background:#eee;padding:.1rem .3rem}</style>
</head><body>
<h1>فلاحة — Filaha</h1>
<p>الخادم يعمل، لكن واجهة الويب لم تُبنَ بعد. نفّذ <code>npm run build:web</code> ثم أعد التشغيل.</p>
<p dir="ltr" lang="fr">Le serveur fonctionne, mais l'application web n'est pas encore construite. Lancez <code>npm run build:web</code> puis redémarrez. L'API reste disponible sous <a href="/api/docs">/api/docs</a>.</p>
</body></html>
`;

/**
 * Serves the built SPA from WEB_DIST (pre-compressed .br/.gz siblings when the client accepts them) and owns
 * the not-found handler: browser navigations outside /api get index.html so client-side routes work on reload;
 * everything else gets the JSON 404 of the API.
 */
export const webPlugin = fp<{ webDist: string }>(
  async (app: FastifyInstance, { webDist }) => {
    const built = existsSync(`${webDist}/index.html`);

    if (built) {
      await app.register(fastifyStatic, {
        root: webDist,
        preCompressed: true,
        cacheControl: false,
        // "/" is the route below (the pre-rendered home page), not a directory index.
        index: false,
        setHeaders: (reply, filePath) => {
          reply.header('cache-control', cacheControlFor(webDist, filePath));
        },
      });
    } else {
      app.log.warn(
        `web app not built: ${webDist}/index.html is missing — run \`npm run build:web\` (the API works without it)`,
      );
    }

    const sendShell = (reply: FastifyReply) => {
      if (built) return reply.code(200).sendFile('index.html');
      return reply.code(200).header('cache-control', REVALIDATE).type('text/html; charset=utf-8').send(PLACEHOLDER);
    };

    // "/" comes pre-rendered (apps/web/build/prerender-home.ts) in the language of the `lang` cookie.
    const homes = new Set(['ar', 'fr'].filter((lang) => existsSync(`${webDist}/home.${lang}.html`)));
    app.get('/', { schema: { hide: true } }, (request, reply) => {
      const lang = homeLang(request.headers.cookie);
      if (!built || !homes.has(lang)) return sendShell(reply);
      return reply.code(200).header('vary', 'Cookie').sendFile(`home.${lang}.html`);
    });

    app.setNotFoundHandler((request, reply) => (wantsHtml(request) ? sendShell(reply) : notFound(request, reply)));
  },
  { name: 'web' },
);
