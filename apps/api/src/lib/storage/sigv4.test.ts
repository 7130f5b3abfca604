import { describe, expect, it } from 'vitest';
import { canonicalPath, canonicalQuery, EMPTY_SHA256, presignUrl, sha256Hex, signRequest, uriEncode } from './sigv4.ts';

/**
 * Vectors published by AWS: the Signature V4 test suite (get-vanilla…, credentials AKIDEXAMPLE) and the
 * Amazon S3 API reference examples ("Signature Calculations for the Authorization Header" and "Authenticating
 * Requests: Using Query Parameters", bucket examplebucket, 2013-05-24).
 */
const SUITE = {
  credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
  scope: { region: 'us-east-1', service: 'service' },
  now: new Date('2015-08-30T12:36:00Z'),
};
const S3 = {
  credentials: { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
  scope: { region: 'us-east-1', service: 's3' },
  now: new Date('2013-05-24T00:00:00Z'),
};
const S3_HOST = 'https://examplebucket.s3.amazonaws.com';

describe('SigV4 test suite vectors', () => {
  it('get-vanilla', () => {
    const signed = signRequest({ method: 'GET', url: new URL('https://example.amazonaws.com/'), ...SUITE });
    expect(signed.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    );
    expect(signed.headers['x-amz-date']).toBe('20150830T123600Z');
    expect(signed.canonicalRequest).toBe(
      [
        'GET',
        '/',
        '',
        'host:example.amazonaws.com',
        'x-amz-date:20150830T123600Z',
        '',
        'host;x-amz-date',
        EMPTY_SHA256,
      ].join('\n'),
    );
  });

  it('get-vanilla-query-order-key-case sorts the query', () => {
    const signed = signRequest({
      method: 'GET',
      url: new URL('https://example.amazonaws.com/?Param2=value2&Param1=value1'),
      ...SUITE,
    });
    expect(signed.signature).toBe('b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500');
  });

  it('post-vanilla', () => {
    const signed = signRequest({ method: 'POST', url: new URL('https://example.amazonaws.com/'), ...SUITE });
    expect(signed.signature).toBe('5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b');
  });
});

describe('Amazon S3 documentation vectors', () => {
  it('GET Object with a Range header', () => {
    const signed = signRequest({
      method: 'GET',
      url: new URL(`${S3_HOST}/test.txt`),
      headers: { Range: 'bytes=0-9' },
      ...S3,
    });
    expect(signed.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(signed.headers['x-amz-content-sha256']).toBe(EMPTY_SHA256);
  });

  it('PUT Object with a signed payload and a $ in the key', () => {
    const body = 'Welcome to Amazon S3.';
    expect(sha256Hex(body)).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const signed = signRequest({
      method: 'PUT',
      url: new URL(`${S3_HOST}/test$file.text`),
      headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
      payloadHash: sha256Hex(body),
      ...S3,
    });
    expect(signed.headers.authorization).toContain(
      'SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,',
    );
    expect(signed.signature).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });

  it('GET Bucket lifecycle (a parameter without value) and List Objects (sorted query)', () => {
    expect(signRequest({ method: 'GET', url: new URL(`${S3_HOST}/?lifecycle`), ...S3 }).signature).toBe(
      'fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543',
    );
    expect(signRequest({ method: 'GET', url: new URL(`${S3_HOST}/?max-keys=2&prefix=J`), ...S3 }).signature).toBe(
      '34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7',
    );
  });

  it('presigned GET URL', () => {
    const url = presignUrl({ method: 'GET', url: new URL(`${S3_HOST}/test.txt`), expiresSeconds: 86400, ...S3 });
    expect(url).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
    // Any change to what was signed gives another signature.
    const other = presignUrl({ method: 'GET', url: new URL(`${S3_HOST}/test.txu`), expiresSeconds: 86400, ...S3 });
    expect(new URL(other).searchParams.get('X-Amz-Signature')).not.toBe(
      'aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
    expect(() => presignUrl({ method: 'GET', url: new URL(`${S3_HOST}/a`), expiresSeconds: 604_801, ...S3 })).toThrow(
      RangeError,
    );
  });
});

describe('encoding', () => {
  it('encodes every byte but the unreserved ones, once', () => {
    expect(uriEncode('a b+c/d~e_f.g-h', false)).toBe('a%20b%2Bc%2Fd~e_f.g-h');
    expect(uriEncode('dossier/carte é.png', true)).toBe('dossier/carte%20%C3%A9.png');
    expect(canonicalPath('/a%20b/c$d')).toBe('/a%20b/c%24d');
    expect(canonicalPath('')).toBe('/');
    expect(
      canonicalQuery([
        ['b', '2'],
        ['a', 'x y'],
        ['a', '1'],
      ]),
    ).toBe('a=1&a=x%20y&b=2');
  });
});
