import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, publications, sellerSubscriptions } from '@filaha/db';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import {
  jpegFile,
  makeImage,
  multipart,
  postPublication,
  publicationFields,
  sellerWithSubscription,
  type FilePart,
} from './marketplace.test-support.ts';
import { photoDecodes, processPhoto } from './photos.ts';

const t = useTestApp();

const post = (headers: Record<string, string>, fields: Record<string, string>, files: FilePart[]) =>
  postPublication(t.current, headers, fields, files);

/** Every stored object file of the marketplace (the local store keeps them under <DATA_DIR>/files/publications). */
async function storedFiles(): Promise<string[]> {
  const dir = join(t.current.dataDir, 'files', 'publications');
  return (await readdir(dir).catch(() => [] as string[])).filter((f) => !f.startsWith('.'));
}

/** Posting must leave no trace: no row, no file, no post counted. */
async function expectNothingStored(seller: Awaited<ReturnType<typeof sellerWithSubscription>>, filesBefore: string[]) {
  const db = t.current.database.db;
  expect(await db.select().from(publications).where(eq(publications.userId, seller.user.id))).toHaveLength(0);
  const [subscription] = await db
    .select()
    .from(sellerSubscriptions)
    .where(eq(sellerSubscriptions.id, seller.subscription.id));
  expect(subscription?.postsUsed).toBe(0);
  expect((await storedFiles()).sort()).toEqual([...filesBefore].sort());
}

describe('publication photos', () => {
  it('refuses a text file renamed .jpg (type from the bytes) with 400 UNSUPPORTED_MEDIA and stores nothing', async () => {
    const seller = await sellerWithSubscription(t.current, { postLimit: 5 });
    const before = await storedFiles();
    const fake: FilePart = {
      filename: 'tomates.jpg',
      contentType: 'image/jpeg',
      bytes: Buffer.from('this is not a jpeg at all\n'.repeat(50)),
    };
    // A good photo first: it is decoded but must not be stored either.
    const res = await post(seller.headers, publicationFields(seller.subscription.id), [await jpegFile(), fake]);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({
      code: 'UNSUPPORTED_MEDIA',
      issues: [{ path: 'images', code: 'unsupported_image' }],
    });
    await expectNothingStored(seller, before);
  });

  it('refuses formats outside JPEG/PNG/WebP/HEIF even when readable (GIF, SVG)', async () => {
    const seller = await sellerWithSubscription(t.current);
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    for (const bytes of [gif, svg]) {
      const res = await post(seller.headers, publicationFields(seller.subscription.id), [
        { filename: 'x.png', contentType: 'image/png', bytes },
      ]);
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ code: 'UNSUPPORTED_MEDIA' });
    }
  });

  it('refuses a file over 8 MB with 413 and stores nothing', async () => {
    const seller = await sellerWithSubscription(t.current, { postLimit: 5 });
    const before = await storedFiles();
    const jpeg = await makeImage('jpeg');
    // A real JPEG start padded past the limit: the size check must not depend on the content.
    const big = Buffer.concat([jpeg, Buffer.alloc(8 * 1024 * 1024 + 1 - jpeg.length + 10, 0)]);
    const res = await post(seller.headers, publicationFields(seller.subscription.id), [
      { filename: 'big.jpg', contentType: 'image/jpeg', bytes: big },
    ]);
    expect(res.statusCode).toBe(413);
    expect(json(res)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    await expectNothingStored(seller, before);
  });

  it('refuses a file over 8 MB with 413 over a real connection too (streamed, not injected)', async () => {
    const seller = await sellerWithSubscription(t.current, { postLimit: 5 });
    const before = await storedFiles();
    const address = await t.current.app.listen({ host: '127.0.0.1', port: 0 });
    const form = new FormData();
    for (const [name, value] of Object.entries(publicationFields(seller.subscription.id))) form.append(name, value);
    form.append('images', new Blob([Buffer.alloc(9 * 1024 * 1024, 1)], { type: 'image/jpeg' }), 'big.jpg');
    const res = await fetch(`${address}/api/publications/add`, { method: 'POST', body: form, headers: seller.headers });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    await expectNothingStored(seller, before);
  });

  it('refuses a photo over 24 megapixels from its header with 413, naming the file in ar and fr, and stores nothing', async () => {
    const seller = await sellerWithSubscription(t.current, { postLimit: 5 });
    const before = await storedFiles();
    // 5000 × 5000 of one colour: 25 MP in a few kilobytes of PNG, far under the 8 MB upload limit.
    const huge = await makeImage('png', 5000, 5000);
    expect(huge.length).toBeLessThan(1024 * 1024);
    const files = [await jpegFile(), { filename: 'champ-de-blé.png', contentType: 'image/png', bytes: huge }];
    for (const lang of ['fr', 'ar']) {
      const res = await t.current.inject({
        method: 'POST',
        url: '/api/publications/add',
        ...(() => {
          const body = multipart(publicationFields(seller.subscription.id), files);
          return { headers: { ...seller.headers, ...body.headers, 'accept-language': lang }, payload: body.payload };
        })(),
      });
      expect(res.statusCode).toBe(413);
      const answer = json<{ code: string; message: string; message_ar: string; message_fr: string; file: string }>(res);
      expect(answer).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        file: 'champ-de-blé.png',
        issues: [{ path: 'images', code: 'image_too_many_pixels', message: 'validation.imageTooManyPixels' }],
      });
      expect(answer.message).toBe(lang === 'fr' ? answer.message_fr : answer.message_ar);
      expect(answer.message_fr).toContain('« champ-de-blé.png »');
      expect(answer.message_fr).toContain('25 mégapixels');
      expect(answer.message_ar).toContain('champ-de-blé.png');
      expect(answer.message_ar).toMatch(/[\u0600-\u06ff]/);
    }
    await expectNothingStored(seller, before);
  });

  it('accepts a 24-megapixel photo (6000 × 4000) and stores it at 1600 px', async () => {
    const seller = await sellerWithSubscription(t.current, { postLimit: 5 });
    const photo = { filename: 'camera.jpg', contentType: 'image/jpeg', bytes: await makeImage('jpeg', 6000, 4000) };
    const res = await post(seller.headers, publicationFields(seller.subscription.id), [photo]);
    expect(res.statusCode).toBe(201);
    const [image] = json<{ publication: { images: Array<{ imagePath: string }> } }>(res).publication.images;
    const served = await t.current.inject({ method: 'GET', url: image!.imagePath });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 1067 });
  });

  it('decodes at most one photo per core at once; the others wait in the queue', async () => {
    const bytes = await makeImage('jpeg', 1200, 900);
    const count = photoDecodes.limit * 3;
    const all = Promise.all(Array.from({ length: count }, () => processPhoto(bytes)));
    await Promise.resolve();
    expect(photoDecodes.active).toBeLessThanOrEqual(photoDecodes.limit);
    expect(photoDecodes.active + photoDecodes.waiting).toBe(count);
    expect(photoDecodes.waiting).toBeGreaterThan(0);
    const photos = await all;
    expect(photos.every((p) => p.large.length > 0 && p.thumbnail.length > 0)).toBe(true);
    expect(photoDecodes.active + photoDecodes.waiting).toBe(0);
  });

  it('refuses more than 10 photos with 413', async () => {
    const seller = await sellerWithSubscription(t.current, { postLimit: 5 });
    const before = await storedFiles();
    const files = await Promise.all(Array.from({ length: 11 }, () => jpegFile()));
    const res = await post(seller.headers, publicationFields(seller.subscription.id), files);
    expect(res.statusCode).toBe(413);
    await expectNothingStored(seller, before);
  });

  it('accepts PNG and WebP, downsizes to 1600 px and strips the metadata', async () => {
    const seller = await sellerWithSubscription(t.current);
    const png: FilePart = { filename: 'a.png', contentType: 'image/png', bytes: await makeImage('png', 3000, 2000) };
    // A wrong declared type does not matter either: the bytes decide.
    const webp: FilePart = {
      filename: 'b.bin',
      contentType: 'application/octet-stream',
      bytes: await makeImage('webp', 300, 200),
    };
    const exif: FilePart = {
      filename: 'c.jpg',
      contentType: 'image/jpeg',
      bytes: await makeImage('jpeg', 640, 480, true),
    };
    expect((await sharp(exif.bytes).metadata()).exif).toBeDefined();
    const res = await post(seller.headers, publicationFields(seller.subscription.id), [png, webp, exif]);
    expect(res.statusCode).toBe(201);
    const { publication } = json<{ publication: { images: Array<{ imagePath: string }> } }>(res);
    const metas = await Promise.all(
      publication.images.map(async (i) =>
        sharp((await t.current.inject({ method: 'GET', url: i.imagePath })).rawPayload).metadata(),
      ),
    );
    expect(metas.map((m) => [m.format, m.width, m.height])).toEqual([
      ['webp', 1600, 1067],
      ['webp', 300, 200],
      ['webp', 640, 480],
    ]);
    expect(metas.every((m) => m.exif === undefined)).toBe(true);
  });

  it('serves only publication photo names (404 unknown, 400 anything else)', async () => {
    const missing = await t.current.inject({
      method: 'GET',
      url: '/api/publications/images/00000000-0000-0000-0000-000000000000.webp',
    });
    expect(missing.statusCode).toBe(404);
    for (const url of ['/api/publications/images/..%2F..%2Fjwt-secret', '/api/publications/images/x.png']) {
      expect((await t.current.inject({ method: 'GET', url })).statusCode).toBe(400);
    }
  });
});
