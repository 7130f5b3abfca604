import { describe, expect, it } from 'vitest';
import { compileLegend, getIndex, parseColor, rasterizeRings, ImageryError } from '../src/index.ts';
import { percentile } from '../src/raster/stats.ts';

describe('legend', () => {
  const legend = [
    { start: 0.2, end: 0.6, color: 'rgb(10, 20, 30)' },
    { start: -0.5, end: 0, color: 'rgb(1, 2, 3)' },
    { start: 0.6, end: 1, color: '#ff8000' },
  ];
  const colour = compileLegend(legend, [-1, 1]);

  it('colours half-open intervals [start, end), the top one closed', () => {
    expect(colour(0.2)).toEqual([10, 20, 30, 255]);
    expect(colour(0.5999)).toEqual([10, 20, 30, 255]);
    expect(colour(0.6)).toEqual([255, 128, 0, 255]);
    expect(colour(1)).toEqual([255, 128, 0, 255]);
  });

  it('leaves gaps transparent and clamps beyond the legend and the natural range', () => {
    expect(colour(0.1)).toBeNull();
    expect(colour(-0.9)).toEqual([1, 2, 3, 255]);
    expect(colour(2.7)).toEqual([255, 128, 0, 255]);
  });

  it('parses rgb(), rgba() and #hex and rejects the rest', () => {
    expect(parseColor('rgb(0,128, 255)')).toEqual([0, 128, 255, 255]);
    expect(parseColor('rgba(0, 0, 0, 0.5)')).toEqual([0, 0, 0, 128]);
    expect(() => parseColor('green')).toThrow(ImageryError);
    expect(() => compileLegend([{ start: 1, end: 0, color: 'rgb(0,0,0)' }])).toThrow(ImageryError);
  });
});

describe('rasterisation', () => {
  it('fills pixel centres inside, with holes and multiple parts by the even-odd rule', () => {
    const square = (x0: number, y0: number, x1: number, y1: number) => ({
      xs: Float64Array.from([x0, x1, x1, x0, x0]),
      ys: Float64Array.from([y0, y0, y1, y1, y0]),
    });
    const grid = { x0: 0, y0: 10, resX: 1, resY: 1, width: 10, height: 10 };
    const mask = rasterizeRings([square(0, 0, 8, 8), square(2, 2, 4, 4), square(9, 9, 10, 10)], grid);
    const at = (col: number, row: number) => mask[row * 10 + col];
    expect(at(0, 9)).toBe(1); // centre (0.5, 0.5)
    expect(at(2, 7)).toBe(0); // centre (2.5, 2.5) is in the hole
    expect(at(7, 2)).toBe(1);
    expect(at(8, 2)).toBe(0);
    expect(at(9, 0)).toBe(1); // the second part
    expect(mask.reduce((s, v) => s + v, 0)).toBe(64 - 4 + 1);
  });
});

describe('small helpers', () => {
  it('interpolates percentiles like numpy', () => {
    expect(percentile(Float64Array.from([1, 2, 3, 4]), 0.25)).toBeCloseTo(1.75, 12);
    expect(percentile(Float64Array.from([7]), 0.75)).toBe(7);
  });

  it('finds indices by the earlier product names', () => {
    expect(getIndex('Indice NDVI').code).toBe('NDVI');
    expect(getIndex('msavi2').code).toBe('MSAVI');
    expect(getIndex(' ndre ').code).toBe('NDRE');
  });
});
