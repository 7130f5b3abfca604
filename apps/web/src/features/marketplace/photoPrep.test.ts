import { describe, expect, it } from 'vitest';
import { fitWithin, preparePhoto } from './photoPrep.ts';
import { fakeCodec } from './photoPrep.test-support.ts';

const file = (name: string, bytes: number, type = 'image/jpeg') => new File([new Uint8Array(bytes)], name, { type });

describe('photo preparation before upload', () => {
  it('keeps proportions with the long side at most 2048 px, never enlarges', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1536, height: 2048 });
    expect(fitWithin(2048, 1000)).toEqual({ width: 2048, height: 1000 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('resizes a 4000×3000 photo and re-encodes it as WebP at 80 %', async () => {
    const fake = fakeCodec({ sizes: { 'big.jpg': [4000, 3000] } });
    const result = await preparePhoto(file('big.jpg', 4_000_000), fake.codec);
    expect(fake.encoded).toEqual([{ width: 2048, height: 1536, type: 'image/webp', quality: 0.8 }]);
    if (!result.ok) throw new Error('refused');
    expect(result.file.name).toBe('big.webp');
    expect(result.file.type).toBe('image/webp');
    expect(result.file.size).toBe(1000);
    expect(fake.open()).toBe(0);
  });

  it('falls back to JPEG when the browser cannot encode WebP', async () => {
    const fake = fakeCodec({ sizes: { 'p.png': [3000, 3000] }, webp: false });
    const result = await preparePhoto(file('p.png', 5_000_000, 'image/png'), fake.codec);
    expect(fake.encoded.map((e) => e.type)).toEqual(['image/webp', 'image/jpeg']);
    if (!result.ok) throw new Error('refused');
    expect([result.file.name, result.file.type]).toEqual(['p.jpg', 'image/jpeg']);
  });

  it('keeps a small photo as chosen when re-encoding would not shrink it, and re-encodes it when it would', async () => {
    const fake = fakeCodec({ sizes: { 's.jpg': [800, 600] }, encodedBytes: () => 90_000 });
    const small = file('s.jpg', 60_000);
    const kept = await preparePhoto(small, fake.codec);
    expect(kept.ok && kept.file).toBe(small);
    const heavy = await preparePhoto(file('s.jpg', 400_000), fake.codec);
    expect(heavy.ok && [heavy.file.name, heavy.file.size]).toEqual(['s.webp', 90_000]);
  });

  it('refuses a file that cannot be decoded, by its name', async () => {
    const fake = fakeCodec({});
    expect(await preparePhoto(file('broken.jpg', 5000), fake.codec)).toEqual({
      ok: false,
      name: 'broken.jpg',
      reason: 'decode',
    });
  });

  it('checks the 8 MB limit on the prepared file, not on the chosen one', async () => {
    const fake = fakeCodec({
      sizes: { 'camera.jpg': [6000, 4000], 'dense.png': [4000, 4000] },
      encodedBytes: (w, h) => (w === h ? 8 * 1024 * 1024 + 1 : 1_200_000),
    });
    const camera = await preparePhoto(file('camera.jpg', 12 * 1024 * 1024), fake.codec);
    expect(camera.ok && [camera.file.name, camera.file.size]).toEqual(['camera.webp', 1_200_000]);
    expect(await preparePhoto(file('dense.png', 30 * 1024 * 1024, 'image/png'), fake.codec)).toEqual({
      ok: false,
      name: 'dense.png',
      reason: 'size',
    });
    // Exactly at the limit goes through.
    const edge = fakeCodec({ sizes: { 'e.jpg': [3000, 3000] }, encodedBytes: () => 8 * 1024 * 1024 });
    expect((await preparePhoto(file('e.jpg', 9 * 1024 * 1024), edge.codec)).ok).toBe(true);
  });

  it('without a codec, a file over the limit is refused as chosen (nothing could make it small)', async () => {
    expect(await preparePhoto(file('raw.jpg', 8 * 1024 * 1024 + 1), null)).toEqual({
      ok: false,
      name: 'raw.jpg',
      reason: 'size',
    });
  });

  it('sends the file as chosen when the browser has no codec', async () => {
    const f = file('a.jpg', 10);
    const result = await preparePhoto(f, null);
    expect(result.ok && result.file).toBe(f);
  });
});
