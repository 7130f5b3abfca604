export { mulberry32 } from '../../src/demo-territory.ts';

/**
 * Smooth value noise in [−1, 1] on a width × height pixel grid: random values on a lattice every
 * `spacing` pixels, interpolated with smoothstep so fields get gentle within-field texture.
 */
export function valueNoise(width: number, height: number, spacing: number, random: () => number): Float32Array {
  const lw = Math.ceil(width / spacing) + 2;
  const lh = Math.ceil(height / spacing) + 2;
  const lattice = new Float32Array(lw * lh).map(() => random() * 2 - 1);
  const out = new Float32Array(width * height);
  const smooth = (t: number) => t * t * (3 - 2 * t);
  for (let y = 0; y < height; y++) {
    const gy = y / spacing;
    const j = Math.floor(gy);
    const fy = smooth(gy - j);
    for (let x = 0; x < width; x++) {
      const gx = x / spacing;
      const i = Math.floor(gx);
      const fx = smooth(gx - i);
      const a = lattice[j * lw + i]!;
      const b = lattice[j * lw + i + 1]!;
      const c = lattice[(j + 1) * lw + i]!;
      const d = lattice[(j + 1) * lw + i + 1]!;
      out[y * width + x] = a + (b - a) * fx + (c - a) * fy + (a - b - c + d) * fx * fy;
    }
  }
  return out;
}
