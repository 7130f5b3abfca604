import { describe, expect, it } from 'vitest';
import { undoHorizontalPredictor } from '../src/cog/decoder.ts';

/** The TIFF rule written the plain way: each sample is the previous decoded one plus the stored difference. */
function reference(diffs: number[], width: number, modulo: number): number[] {
  const out = [...diffs];
  for (let i = 0; i < out.length; i++) if (i % width !== 0) out[i] = (out[i - 1]! + out[i]!) % modulo;
  return out;
}

describe('undoHorizontalPredictor', () => {
  for (const bits of [8, 16, 32] as const) {
    it(`undoes horizontal differencing for ${bits}-bit samples, wrapping like the TIFF writer`, () => {
      const width = 37;
      const height = 11;
      const modulo = 2 ** bits;
      let seed = bits;
      const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * modulo;
      const diffs = Array.from({ length: width * height }, () => Math.floor(random()));
      const Typed = bits === 8 ? Uint8Array : bits === 16 ? Uint16Array : Uint32Array;
      const block = Typed.from(diffs).buffer;
      expect(undoHorizontalPredictor(block, width, height, bits)).toBe(true);
      expect(Array.from(new Typed(block))).toEqual(reference(diffs, width, modulo));
    });
  }

  it('stops at the last complete row of a truncated block and refuses other sample sizes', () => {
    const block = Uint16Array.from([1, 1, 1, 5, 5, 5, 9]).buffer; // 2 full rows of 3, then a partial one
    expect(undoHorizontalPredictor(block, 3, 3, 16)).toBe(true);
    expect(Array.from(new Uint16Array(block))).toEqual([1, 2, 3, 5, 10, 15, 9]);
    expect(undoHorizontalPredictor(new ArrayBuffer(8), 2, 2, 64)).toBe(false);
  });
});
