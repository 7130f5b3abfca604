import type { EncodeType, ImageCodec } from './photoPrep.ts';

/** A codec that "decodes" a known size and records what it is asked to encode. */
export function fakeCodec(opts: {
  sizes?: Record<string, [number, number]>;
  webp?: boolean;
  encodedBytes?: (w: number, h: number) => number;
}) {
  const encoded: { width: number; height: number; type: EncodeType; quality: number }[] = [];
  let open = 0;
  const codec: ImageCodec = {
    async decode(file) {
      const size = opts.sizes?.[(file as File).name];
      if (!size) throw new Error('cannot decode');
      open += 1;
      return { width: size[0], height: size[1], close: () => (open -= 1) };
    },
    async encode(_image, width, height, type, quality) {
      encoded.push({ width, height, type, quality });
      const n = opts.encodedBytes?.(width, height) ?? 1000;
      // A canvas that cannot write WebP gives PNG instead.
      const actual = type === 'image/webp' && opts.webp === false ? 'image/png' : type;
      return new Blob([new Uint8Array(n)], { type: actual });
    },
  };
  return { codec, encoded, open: () => open };
}
