import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SETTINGS_ELEMENT_ID } from '@filaha/shared/document';
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

/** JSON that cannot end the `<script>` block it sits in, nor open a comment: every `<` escaped. */
export function settingsBlock(settings: unknown): string {
  const json = JSON.stringify(settings).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SETTINGS_ELEMENT_ID}">${json}</script>`;
}

interface Document {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/**
 * A built document with the deployment's public settings in it (GET /api/settings/public's answer), right after
 * `<head>`: the inline script and the app read them there instead of asking, one request less before a screen is
 * usable on a weak connection (issue 13 §4). Compressed once per file version and settings, a few kept.
 */
function documentCache(webDist: string) {
  const kept = new Map<string, Document>();
  return (file: string, settings: unknown): Document => {
    const path = `${webDist}/${file}`;
    const block = settingsBlock(settings);
    const key = `${file}\0${statSync(path).mtimeMs}\0${block}`;
    const hit = kept.get(key);
    if (hit) return hit;
    const html = readFileSync(path, 'utf8');
    const head = /<head[^>]*>/i.exec(html);
    const end = head ? head.index + head[0].length : 0;
    const identity = Buffer.from(html.slice(0, end) + block + html.slice(end), 'utf8');
    const document: Document = {
      identity,
      br: brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip: gzipSync(identity, { level: 9 }),
      etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    };
    if (kept.size >= 8) kept.delete(kept.keys().next().value!);
    kept.set(key, document);
    return document;
  };
}

function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | 'identity' {
  const accept = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return 'identity';
}

export interface WebOptions {
  webDist: string;
  /** The public settings put into every document; without it (or when it fails) the files go as built. */
  documentSettings?: () => Promise<unknown>;
}

/**
 * Serves the built SPA from WEB_DIST (pre-compressed .br/.gz siblings when the client accepts them) and owns
 * the not-found handler: browser navigations outside /api get index.html so client-side routes work on reload;
 * everything else gets the JSON 404 of the API.
 */
export const webPlugin = fp<WebOptions>(
  async (app: FastifyInstance, { webDist, documentSettings }) => {
    const built = existsSync(`${webDist}/index.html`);
    const documents = documentCache(webDist);

    /** A built document with the settings in it; the file as built when they cannot be read. */
    const sendDocument = async (request: FastifyRequest, reply: FastifyReply, file: string) => {
      let document: Document | null = null;
      if (documentSettings) {
        try {
          document = documents(file, await documentSettings());
        } catch (error) {
          request.log.warn({ err: error }, 'public settings not put into the document');
        }
      }
      if (!document) return reply.code(200).sendFile(file);
      const vary = reply.getHeader('vary');
      reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
      reply.header('cache-control', REVALIDATE).header('etag', document.etag);
      if (request.headers['if-none-match'] === document.etag) return reply.code(304).send();
      const encoding = acceptedEncoding(request);
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply
        .code(200)
        .type('text/html; charset=utf-8')
        .send(encoding === 'identity' ? document.identity : document[encoding]);
    };

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

    const sendShell = (request: FastifyRequest, reply: FastifyReply) => {
      if (built) return sendDocument(request, reply, 'index.html');
      return reply.code(200).header('cache-control', REVALIDATE).type('text/html; charset=utf-8').send(PLACEHOLDER);
    };

    // "/" comes pre-rendered (apps/web/build/prerender-home.ts) in the language of the `lang` cookie.
    const homes = new Set(['ar', 'fr'].filter((lang) => existsSync(`${webDist}/home.${lang}.html`)));
    app.get('/', { schema: { hide: true } }, (request, reply) => {
      const lang = homeLang(request.headers.cookie);
      if (!built || !homes.has(lang)) return sendShell(request, reply);
      reply.header('vary', 'Cookie');
      return sendDocument(request, reply, `home.${lang}.html`);
    });

    app.setNotFoundHandler((request, reply) =>
      wantsHtml(request) ? sendShell(request, reply) : notFound(request, reply),
    );
  },
  { name: 'web' },
);
