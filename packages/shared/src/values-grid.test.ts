import { describe, expect, it } from 'vitest';
import { decodeValuesGrid, encodeValuesGrid, valueAt, type ValuesGrid } from './values-grid.ts';

const grid: ValuesGrid = {
  width: 2,
  height: 2,
  bounds: [
    [36, 3],
    [36.1, 3.2],
  ],
  data: Float32Array.from([0.5, NaN, -0.25, 1]),
};

describe('values grid (FVG1)', () => {
  it('encodes, decodes and answers valueAt with null outside or on NaN', () => {
    const decoded = decodeValuesGrid(encodeValuesGrid(grid));
    expect(valueAt(decoded, 3.05, 36.09)).toBe(0.5);
    expect(valueAt(decoded, 3.15, 36.09)).toBeNull();
    expect(valueAt(decoded, 3.05, 36.01)).toBe(-0.25);
    expect(valueAt(decoded, 3.2, 36)).toBe(1); // the far corner belongs to the last pixel
    expect(valueAt(decoded, 3.3, 36.05)).toBeNull();
    expect(() => decodeValuesGrid(new Uint8Array(12))).toThrow();
  });

  it('pads the header to 4 bytes, keeps the extra metadata and reads an ArrayBuffer or a view into a larger buffer', () => {
    const bytes = encodeValuesGrid({ ...grid, meta: { index: 'NDVI', sceneId: 'S2B_1' } });
    expect(String.fromCharCode(...bytes.subarray(0, 4))).toBe('FVG1');
    const headerLength = new DataView(bytes.buffer).getUint32(4, true);
    expect(headerLength % 4).toBe(0);
    expect(bytes.byteLength).toBe(8 + headerLength + 4 * 4);

    const fromBuffer = decodeValuesGrid(bytes.slice().buffer);
    expect(fromBuffer.meta).toEqual({ index: 'NDVI', sceneId: 'S2B_1' });
    expect(fromBuffer.bounds).toEqual(grid.bounds);

    const larger = new Uint8Array(bytes.byteLength + 16);
    larger.set(bytes, 16);
    const fromView = decodeValuesGrid(larger.subarray(16));
    expect(Array.from(fromView.data)).toEqual(Array.from(grid.data));
  });

  it('refuses a grid whose values are cut short', () => {
    const bytes = encodeValuesGrid(grid);
    expect(() => decodeValuesGrid(bytes.subarray(0, bytes.byteLength - 4))).toThrow('Truncated values grid');
  });
});
