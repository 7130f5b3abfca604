import { describe, expect, it } from 'vitest';
import { parseMultipart, readBlob } from '../../test/fetch.ts';
import { multipartBody, rangeProgress } from './multipart.ts';

const decoder = new TextDecoder();

describe('multipart body with known file ranges', () => {
  it('places each file exactly at its range and parses back to the same fields and files', async () => {
    const a = new File([new Uint8Array([1, 2, 3, 4, 5])], 'حقل.webp', { type: 'image/webp' });
    const b = new File(['second photo bytes'], 'b "x".jpg', { type: 'image/jpeg' });
    const built = multipartBody(
      [
        { name: 'productName', value: 'تمر دقلة نور' },
        { name: 'images', file: a, filename: a.name },
        { name: 'images', file: b, filename: b.name },
      ],
      'BOUNDARY42',
    );
    expect(built.contentType).toBe('multipart/form-data; boundary=BOUNDARY42');
    const bytes = await readBlob(built.body);
    expect(bytes.byteLength).toBe(built.body.size);
    expect(built.fileRanges).toHaveLength(2);
    const [ra, rb] = built.fileRanges;
    expect([...bytes.subarray(ra!.start, ra!.end)]).toEqual([1, 2, 3, 4, 5]);
    expect(decoder.decode(bytes.subarray(rb!.start, rb!.end))).toBe('second photo bytes');
    expect(rb!.end).toBeLessThan(bytes.byteLength);
    const form = parseMultipart(bytes, built.contentType);
    expect(form.get('productName')).toBe('تمر دقلة نور');
    const files = form.getAll('images') as File[];
    expect(files.map((f) => f.name)).toEqual(['حقل.webp', 'b %22x%22.jpg']);
    expect(files.map((f) => f.type)).toEqual(['image/webp', 'image/jpeg']);
  });

  it('maps bytes sent to each file: done before, partly inside, not started after', () => {
    const ranges = [
      { start: 100, end: 300 },
      { start: 400, end: 800 },
      { start: 900, end: 900 },
    ];
    expect(rangeProgress(0, ranges)).toEqual([0, 0, 0]);
    expect(rangeProgress(100, ranges)).toEqual([0, 0, 0]);
    expect(rangeProgress(200, ranges)).toEqual([0.5, 0, 0]);
    expect(rangeProgress(350, ranges)).toEqual([1, 0, 0]);
    expect(rangeProgress(700, ranges)).toEqual([1, 0.75, 0]);
    expect(rangeProgress(900, ranges)).toEqual([1, 1, 1]);
    expect(rangeProgress(2000, ranges)).toEqual([1, 1, 1]);
  });
});
