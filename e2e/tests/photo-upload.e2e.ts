import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { launchBrowser, newContext, screenshot } from '../src/browser.ts';
import { hasChromium } from '../src/chromium.ts';
import { t, type Lang } from '../src/i18n.ts';

// Issue 13 §4: photos are resized and re-encoded in the browser before upload (long side ≤ 2048 px, WebP at
// ~80 %), each has a progress bar while it travels, and a file the browser cannot decode is named and refused
// while the others go through. Real Chromium: the bytes sent are read from the request itself.
const baseUrl = inject('baseUrl');
const PASSWORD = 'Photos-2025!';
const run = Date.now().toString(36);

async function call<T>(method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, data: (res.status === 205 ? undefined : await res.json()) as T };
}

/** A fresh seller with an active seller subscription, signed in through the API. */
async function newSeller(lang: Lang): Promise<string> {
  const email = `photos.${lang}.${run}@e2e.filaha.dz`;
  const reg = await call('POST', '/auth/register', undefined, {
    email,
    userName: `Vendeur photos ${lang} ${run}`,
    password: PASSWORD,
    phone_number: '0550123456',
    wilaya: 9,
    role_id: 6,
    sellerRole_id: 1,
  });
  expect(reg.status).toBe(201);
  const login = await call<{ token: string }>('POST', '/auth/login', undefined, { email, password: PASSWORD });
  expect(login.status).toBe(200);
  const plans = await call<Array<{ id: number; nbPost: number }>>('GET', '/sellerAbonnement');
  const plan = plans.data.find((p) => p.nbPost >= 1);
  if (!plan) throw new Error('no seller plan');
  const sub = await call('POST', '/sellerAbonnementUser', login.data.token, { sellerAbonnementId: plan.id });
  expect(sub.status).toBe(201);
  return login.data.token;
}

/** A 4000 × 3000 camera-like JPEG (a gradient with some grain, so it is not trivially small). */
async function bigJpeg() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000"><defs><linearGradient id="g">
    <stop offset="0" stop-color="#2f6b2a"/><stop offset="1" stop-color="#d8c36a"/></linearGradient></defs>
    <rect width="4000" height="3000" fill="url(#g)"/><circle cx="2000" cy="1500" r="900" fill="#8a4b2d"/></svg>`;
  const buffer = await sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
  return { name: 'champ-4000x3000.jpg', mimeType: 'image/jpeg', buffer };
}

async function smallPng() {
  const buffer = await sharp({ create: { width: 480, height: 360, channels: 3, background: '#3a7bd5' } })
    .png()
    .toBuffer();
  return { name: 'caisse.png', mimeType: 'image/png', buffer };
}

/** Not an image at all, though named and typed like one. */
const broken = { name: 'abime.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('this is not a JPEG file at all') };

describe.skipIf(!hasChromium)('photos are made small in the browser, one bad file is refused alone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  for (const lang of ['ar', 'fr'] as const) {
    it(`a 4000×3000 JPEG goes as ≤ 2048 px WebP, a broken file is named and refused (${lang})`, async () => {
      const token = await newSeller(lang);
      const ctx = await newContext(browser, lang);
      try {
        await ctx.addInitScript((tk) => localStorage.setItem('Token', tk), token);
        // The DevTools protocol gives no body for a Blob upload: the page keeps what it sends, to be read back.
        await ctx.addInitScript(() => {
          const send = XMLHttpRequest.prototype.send;
          XMLHttpRequest.prototype.send = function (body) {
            if (body instanceof Blob) (window as unknown as { __upload?: Blob }).__upload = body;
            return send.call(this, body);
          };
        });
        const page = await ctx.newPage();
        await page.goto(`${baseUrl}/seller/product-submission`);
        const name = `${lang === 'ar' ? 'زيتون' : 'Olives'} ${run}`;
        await page.getByLabel(t(lang, 'marketplace:fields.productName')).fill(name);
        await page.getByLabel(t(lang, 'marketplace:fields.quantity')).fill('30');
        await page.getByLabel(t(lang, 'marketplace:fields.price')).fill('420');
        await page.getByLabel(t(lang, 'marketplace:fields.unit'), { exact: true }).selectOption('kg');
        await page.getByLabel(t(lang, 'marketplace:fields.location')).fill(lang === 'ar' ? 'البليدة' : 'Blida');
        await expect.poll(() => page.getByLabel(t(lang, 'marketplace:fields.phone')).inputValue()).toBe('0550123456');

        const big = await bigJpeg();
        await page.getByLabel(t(lang, 'marketplace:photos.add')).setInputFiles([big, broken, await smallPng()]);
        const alert = page.getByRole('alert');
        await alert.waitFor();
        expect(await alert.innerText()).toBe(t(lang, 'marketplace:photos.rejected.decode', { name: broken.name }));
        await expect.poll(() => page.getByTestId('photo-preview').count()).toBe(2);
        await screenshot(page, `photo-upload/refused-${lang}`);

        // A slow answer keeps the upload pending long enough to see one progress bar per photo.
        const cdp = await ctx.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 1500,
          downloadThroughput: -1,
          uploadThroughput: -1,
        });
        const sent = page.waitForRequest((r) => r.url().endsWith('/api/publications/add') && r.method() === 'POST');
        await page.getByRole('button', { name: t(lang, 'seller:submit.send') }).click();
        // (The posts-left card has a progress bar of its own: only the new photos' list is counted.)
        const bars = page.getByRole('list', { name: t(lang, 'marketplace:photos.newList') }).getByRole('progressbar');
        await expect.poll(() => bars.count()).toBe(2);
        expect(await bars.first().getAttribute('aria-label')).toBe(
          t(lang, 'marketplace:photos.progress', { name: 'champ-4000x3000.webp' }),
        );
        expect(Number(await bars.first().getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0);
        await page.getByText(t(lang, 'seller:submit.created')).waitFor();
        expect(await page.getByRole('progressbar').count()).toBe(1);

        // What travelled: the big photo as a 2048 × 1536 WebP, the small PNG re-encoded or kept, nothing else.
        const request = await sent;
        const body = Buffer.from(
          await page.evaluate(async () => {
            const blob = (window as unknown as { __upload?: Blob }).__upload;
            if (!blob) throw new Error('no upload body kept');
            const bytes = new Uint8Array(await blob.arrayBuffer());
            let text = '';
            for (let i = 0; i < bytes.length; i += 0x8000)
              text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
            return btoa(text);
          }),
          'base64',
        );
        const form = await new Response(new Uint8Array(body), {
          headers: { 'content-type': (await request.allHeaders())['content-type'] ?? '' },
        }).formData();
        const photos = form.getAll('images') as File[];
        expect(photos.map((p) => p.name)).toEqual([
          'champ-4000x3000.webp',
          expect.stringMatching(/^caisse\.(png|webp)$/),
        ]);
        const first = await sharp(Buffer.from(await photos[0]!.arrayBuffer())).metadata();
        expect([first.format, first.width, first.height]).toEqual(['webp', 2048, 1536]);
        expect(photos[0]!.size).toBeLessThan(big.buffer.byteLength);
        const second = await sharp(Buffer.from(await photos[1]!.arrayBuffer())).metadata();
        expect([second.width, second.height]).toEqual([480, 360]);

        // What is stored and served: two photos, none wider than 2048 px.
        const mine = await call<Array<{ nomProduit: string; images: { imagePath: string }[] }>>(
          'GET',
          '/publications/my-publications',
          token,
        );
        const published = mine.data.find((p) => p.nomProduit === name);
        expect(published?.images).toHaveLength(2);
        for (const image of published?.images ?? []) {
          const served = await fetch(`${baseUrl}${image.imagePath}`);
          expect(served.status).toBe(200);
          const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
          expect(Math.max(meta.width ?? Infinity, meta.height ?? Infinity)).toBeLessThanOrEqual(2048);
        }
      } finally {
        await ctx.close();
      }
    });
  }
});
