import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
