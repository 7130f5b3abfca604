import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileUrlSigner } from './file-urls.ts';
import { S3RequestError, createS3Storage } from './s3.ts';
import { startS3Stub, type S3Stub } from './s3-stub.test-support.ts';
import { InvalidObjectKeyError } from './storage.ts';

const SIGNER = createFileUrlSigner('s'.repeat(40));
let stub: S3Stub;
beforeAll(async () => {
  stub = await startS3Stub();
});
afterAll(async () => {
  await stub.close();
});

const configOf = (s: S3Stub, overrides: Partial<{ secretKey: string; endpoint: string }> = {}) => ({
  endpoint: overrides.endpoint ?? s.url,
  bucket: s.bucket,
  accessKey: s.accessKey,
  secretKey: overrides.secretKey ?? s.secretKey,
  region: s.region,
});

describe('S3 storage against a loopback S3 stub that verifies SigV4', () => {
  it('puts, gets and deletes objects with signed requests', async () => {
    const storage = createS3Storage(configOf(stub), SIGNER);
    const bytes = new Uint8Array([137, 80, 78, 71, 0, 1, 2, 3]);
    await storage.put('results/7/ndvi-map.png', bytes, 'image/png');
    expect(stub.objects.get('results/7/ndvi-map.png')?.contentType).toBe('image/png');
    const got = await storage.get('results/7/ndvi-map.png');
    expect(got?.contentType).toBe('image/png');
    expect([...(got?.body ?? [])]).toEqual([...bytes]);
    await storage.delete('results/7/ndvi-map.png');
    expect(await storage.get('results/7/ndvi-map.png')).toBeNull();
    await storage.delete('results/7/ndvi-map.png');
    expect(stub.requests.filter((r) => r.status === 403)).toEqual([]);
  });

  it('presigns GET URLs that work without credentials, and refuses tampered or expired ones', async () => {
    const storage = createS3Storage(configOf(stub), SIGNER);
    await storage.put('maps/a.tif', Buffer.from('GeoTIFF bytes'), 'image/tiff');
    const url = storage.signedUrl('maps/a.tif', 600, { downloadName: 'NDVI parcelle.tif' });
    expect(url.startsWith(`${stub.url}/${stub.bucket}/maps/a.tif?`)).toBe(true);
    const ok = await fetch(url);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('GeoTIFF bytes');
    expect(ok.headers.get('content-type')).toBe('image/tiff');
    expect(ok.headers.get('content-disposition')).toContain('filename="NDVI parcelle.tif"');

    const otherKey = url.replace('/maps/a.tif?', '/maps/b.tif?');
    expect((await fetch(otherKey)).status).toBe(403);
    const signature = new URL(url).searchParams.get('X-Amz-Signature')!;
    const tampered = url.replace(signature, `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`);
    expect((await fetch(tampered)).status).toBe(403);

    const past = createS3Storage(configOf(stub), SIGNER, { now: () => new Date(Date.now() - 3600_000) });
    expect((await fetch(past.signedUrl('maps/a.tif', 60))).status).toBe(403);
  });

  it('fails loudly on a wrong secret, an unreachable endpoint and a bad key', async () => {
    const wrong = createS3Storage(configOf(stub, { secretKey: 'not-the-secret' }), SIGNER);
    const error = await wrong.put('x/y.png', Buffer.from('x'), 'image/png').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(S3RequestError);
    expect((error as S3RequestError).status).toBe(403);
    expect((error as S3RequestError).message).toContain('SignatureDoesNotMatch');

    const down = createS3Storage(configOf(stub, { endpoint: 'http://127.0.0.1:9' }), SIGNER, { timeoutMs: 2000 });
    await expect(down.get('x/y.png')).rejects.toThrow();
    await expect(
      createS3Storage(configOf(stub), SIGNER).put('../escape', Buffer.from('x'), 'text/plain'),
    ).rejects.toBeInstanceOf(InvalidObjectKeyError);
  });
});
