import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, json, type TestApp } from './helper.ts';

const INDEX =
  '<!doctype html><html lang="ar" dir="rtl"><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';
const INLINE_HASH = "'sha256-QwjSUiD8IKFgi0LElFu0adxu4hBsokUbCTB4siZLb8s='";
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

let webDist: string;
let t: TestApp;

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'filaha-web-'));
  await mkdir(join(webDist, 'assets'));
  await writeFile(join(webDist, 'index.html'), INDEX);
  await writeFile(join(webDist, 'index.html.br'), brotliCompressSync(INDEX));
  await writeFile(join(webDist, 'index.html.gz'), gzipSync(INDEX));
  await writeFile(join(webDist, 'assets/index-abc123.js'), SCRIPT);
  await writeFile(join(webDist, 'assets/index-abc123.js.br'), brotliCompressSync(SCRIPT));
  await writeFile(join(webDist, 'assets/index-abc123.js.gz'), gzipSync(SCRIPT));
  await writeFile(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(webDist, 'csp.json'), JSON.stringify({ scriptSrc: [INLINE_HASH, "'unsafe-inline'"] }));
  t = await buildTestApp({ WEB_DIST: webDist });
});

afterAll(async () => {
  await t?.close();
  await rm(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.inject({ method: 'GET', url, headers });

describe('static web app', () => {
  it('serves index.html at / pre-compressed, never cached without revalidation', async () => {
    const res = await get('/', { accept: 'text/html', 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-security-policy']).toContain(`script-src 'self' ${INLINE_HASH}`);
    // Only well-formed hashes from the build's csp.json are trusted, never a keyword like 'unsafe-inline'.
    expect(String(res.headers['content-security-policy']).match(/script-src[^;]*/)?.[0]).not.toContain('unsafe-inline');
  });

  it('serves hashed assets as immutable, in the encoding the client accepts', async () => {
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.equals(brotliCompressSync(SCRIPT))).toBe(true);

    const gz = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await get('/assets/index-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates files without a content hash', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers client-side routes with index.html (SPA fallback)', async () => {
    for (const url of ['/user/marketplace', '/auth/SignIn?next=%2Fadmin', '/admin/UserManagement/']) {
      const res = await get(url, {
        accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
        'accept-encoding': 'identity',
      });
      expect(res.statusCode, url).toBe(200);
      // The built file, with the deployment's public settings right after <head> (plugins/web.ts).
      const settings = /<script type="application\/json" id="filaha-settings">[^<]*<\/script>/;
      expect(res.body.replace(settings, '')).toBe(INDEX);
      expect(res.body).toContain('<head><script type="application/json" id="filaha-settings">{');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('keeps JSON 404s for missing files, non-GET requests and the API', async () => {
    const asset = await get('/assets/missing-123.js', { accept: '*/*' });
    expect(asset.statusCode).toBe(404);
    expect(json(asset)).toMatchObject({ code: 'NOT_FOUND' });
    const post = await t.inject({ method: 'POST', url: '/user/marketplace', headers: { accept: 'text/html' } });
    expect(post.statusCode).toBe(404);
    const api = await get('/api/unknown', { accept: 'text/html' });
    expect(api.statusCode).toBe(404);
    expect(json(api)).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('without a web build', () => {
  it('serves an explanatory page telling how to build the web app', async () => {
    const bare = await buildTestApp({ WEB_DIST: join(webDist, 'does-not-exist') });
    try {
      for (const url of ['/', '/user/marketplace']) {
        const res = await bare.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('npm run build:web');
      }
      expect((await bare.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
