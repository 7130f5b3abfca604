import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeLang, webPlugin } from './web.ts';

describe('homeLang', () => {
  it('reads the lang cookie among others and defaults to Arabic', () => {
    expect(homeLang(undefined)).toBe('ar');
    expect(homeLang('')).toBe('ar');
    expect(homeLang('lang=fr')).toBe('fr');
    expect(homeLang('a=1; lang=fr; b=2')).toBe('fr');
    expect(homeLang('lang=ar')).toBe('ar');
    expect(homeLang('lang=en')).toBe('ar');
    expect(homeLang('xlang=fr')).toBe('ar');
    expect(homeLang('lang=french')).toBe('ar');
  });
});

describe('web plugin: the pre-rendered home page', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'filaha-web-'));
    writeFileSync(join(dist, 'index.html'), '<div id="root"></div>shell');
    writeFileSync(join(dist, 'home.ar.html'), '<div id="root" data-prerendered="ar">عربي</div>');
    writeFileSync(join(dist, 'home.fr.html'), '<div id="root" data-prerendered="fr">français</div>');
    app = Fastify();
    await app.register(webPlugin, { webDist: dist });
    await app.ready();
  });
  afterAll(async () => app?.close());

  it('sends the Arabic home page without a cookie and the French one with lang=fr, varying on the cookie', async () => {
    const ar = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(ar.statusCode).toBe(200);
    expect(ar.body).toContain('data-prerendered="ar"');
    expect(String(ar.headers.vary)).toMatch(/cookie/i);
    expect(ar.headers['cache-control']).toBe('no-cache');

    const fr = await app.inject({ url: '/', headers: { accept: 'text/html', cookie: 'x=1; lang=fr' } });
    expect(fr.body).toContain('data-prerendered="fr"');
  });

  it('sends the plain shell for every other client route, never the home markup', async () => {
    for (const url of ['/auth/SignIn', '/user/marketplace', '/index.html']) {
      const res = await app.inject({ url, headers: { accept: 'text/html', cookie: 'lang=fr' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('shell');
      expect(res.body, url).not.toContain('data-prerendered');
    }
  });
});

describe('web plugin: the documents carry the public settings', () => {
  let app: FastifyInstance;
  let settings: unknown;
  let failing = false;

  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'filaha-web-'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><title>t</title></head><body>shell</body></html>',
    );
    writeFileSync(join(dist, 'home.ar.html'), '<html><head></head><body data-prerendered="ar">عربي</body></html>');
    app = Fastify();
    await app.register(webPlugin, {
      webDist: dist,
      documentSettings: async () => {
        if (failing) throw new Error('database down');
        return settings;
      },
    });
    await app.ready();
  });
  afterAll(async () => app?.close());

  const block = (body: string) => /<script type="application\/json" id="filaha-settings">(.*?)<\/script>/.exec(body);

  it('puts the answer right after <head>, escaped so no text can close the block, compressed as asked', async () => {
    settings = { contact: { phone: null, email: null, address: '</script><script>alert(1)</script> <!--' } };
    const res = await app.inject({ url: '/user/ferme-map', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body.indexOf('<head><script type="application/json"')).toBeGreaterThan(0);
    const found = block(res.body);
    expect(found).not.toBeNull();
    expect(found![1]).not.toContain('<');
    expect(JSON.parse(found![1]!)).toEqual(settings);
    expect(res.body).toContain('shell');

    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const zipped = await app.inject({
        url: '/auth/SignIn',
        headers: { accept: 'text/html', 'accept-encoding': `${encoding}, deflate` },
      });
      expect(zipped.headers['content-encoding']).toBe(encoding);
      expect(String(zipped.headers.vary)).toMatch(/accept-encoding/i);
      expect(decode(zipped.rawPayload).toString('utf8')).toBe(res.body);
    }
  });

  it('follows a change of the settings, answers 304 to its own ETag, and keeps varying on the cookie at "/"', async () => {
    settings = { contact: { phone: '+213 555 00 00 00' } };
    const first = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(first.body).toContain('data-prerendered="ar"');
    expect(JSON.parse(block(first.body)![1]!)).toEqual(settings);
    expect(String(first.headers.vary)).toMatch(/cookie/i);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);

    const again = await app.inject({ url: '/', headers: { accept: 'text/html', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    settings = { contact: { phone: '+213 555 11 11 11' } };
    const changed = await app.inject({ url: '/', headers: { accept: 'text/html', 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(JSON.parse(block(changed.body)![1]!)).toEqual(settings);
  });

  it('sends the document as built when the settings cannot be read', async () => {
    failing = true;
    try {
      const res = await app.inject({ url: '/user/marketplace', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('shell');
      expect(block(res.body)).toBeNull();
    } finally {
      failing = false;
    }
  });
});
