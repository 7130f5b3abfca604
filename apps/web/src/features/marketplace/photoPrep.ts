/**
 * Product photos are made small in the browser before they travel (issue 13 §4): on a 400 kbps connection a
 * 4 MB phone photo takes over a minute, while the server stores at most 1600 px anyway. The long side is
 * brought to MAX_PHOTO_SIDE and the photo re-encoded as WebP (JPEG where the browser cannot encode WebP) at
 * PHOTO_QUALITY; a photo already small enough is kept as chosen when re-encoding would not shrink it. A file
 * the browser cannot decode is refused on its own, named, and never touches the other photos. The size limit of
 * the API (8 MB a photo) is checked on the prepared file: a 12 MB camera photo that comes out at 900 kB goes
 * through, and only a file still over the limit once prepared is refused, named (the API limit stays the guard).
 *
 * The codec is a dependency: the browser one (createImageBitmap + OffscreenCanvas / canvas) in the app, a
 * fake in component tests (jsdom decodes no image). A few dozen lines, so no library: see docs/ARCHITECTURE.md.
 */

import { MARKETPLACE_LIMITS } from '@filaha/shared';

export const MAX_PHOTO_SIDE = 2048;
export const PHOTO_QUALITY = 0.8;

export type EncodeType = 'image/webp' | 'image/jpeg';

export interface DecodedImage {
  readonly width: number;
  readonly height: number;
  close(): void;
}

export interface ImageCodec {
  /** Rejects when the bytes are not an image the browser can read. */
  decode(file: Blob): Promise<DecodedImage>;
  /**
   * The image drawn at width × height and encoded; resolves to null, or to a blob of another type (a canvas
   * falls back to PNG), when the browser cannot encode that type.
   */
  encode(image: DecodedImage, width: number, height: number, type: EncodeType, quality: number): Promise<Blob | null>;
}

export type PreparedPhoto = { ok: true; file: File } | { ok: false; name: string; reason: 'decode' | 'size' };

/** The size the photo is drawn at: the long side at most `max`, the proportions kept, never enlarged. */
export function fitWithin(width: number, height: number, max = MAX_PHOTO_SIDE): { width: number; height: number } {
  const long = Math.max(width, height);
  if (long <= max) return { width, height };
  const scale = max / long;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

const EXTENSION: Record<EncodeType, string> = { 'image/webp': '.webp', 'image/jpeg': '.jpg' };

function renamed(name: string, type: EncodeType): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name}${EXTENSION[type]}`;
}

/**
 * One chosen file → the file to upload, or why it is refused. Without a codec (a browser without
 * createImageBitmap) the file goes as chosen: the server decodes, checks and re-encodes every photo anyway.
 * Whatever path it took, the file to upload must fit `maxBytes` (the API's limit).
 */
export async function preparePhoto(
  file: File,
  codec: ImageCodec | null,
  maxBytes: number = MARKETPLACE_LIMITS.maxImageBytes,
): Promise<PreparedPhoto> {
  const prepared = await prepare(file, codec);
  if (prepared.ok && prepared.file.size > maxBytes) return { ok: false, name: file.name, reason: 'size' };
  return prepared;
}

async function prepare(file: File, codec: ImageCodec | null): Promise<PreparedPhoto> {
  if (!codec) return { ok: true, file };
  let image: DecodedImage;
  try {
    image = await codec.decode(file);
  } catch {
    return { ok: false, name: file.name, reason: 'decode' };
  }
  try {
    if (!(image.width > 0 && image.height > 0)) return { ok: false, name: file.name, reason: 'decode' };
    const size = fitWithin(image.width, image.height);
    const resized = size.width !== image.width || size.height !== image.height;
    let type: EncodeType = 'image/webp';
    let blob = await codec.encode(image, size.width, size.height, type, PHOTO_QUALITY).catch(() => null);
    if (!blob || blob.type !== type) {
      type = 'image/jpeg';
      blob = await codec.encode(image, size.width, size.height, type, PHOTO_QUALITY).catch(() => null);
    }
    if (!blob || blob.type !== type) return { ok: true, file }; // nothing to encode with: sent as chosen
    if (!resized && blob.size >= file.size) return { ok: true, file };
    return { ok: true, file: new File([blob], renamed(file.name, type), { type, lastModified: file.lastModified }) };
  } finally {
    image.close();
  }
}

type Surface = OffscreenCanvas | HTMLCanvasElement;

function surface(width: number, height: number): Surface {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function toBlob(canvas: Surface, type: EncodeType, quality: number): Promise<Blob | null> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality });
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/** The browser's codec, or null where createImageBitmap is missing (then photos go as chosen). */
export function browserCodec(): ImageCodec | null {
  if (typeof createImageBitmap !== 'function') return null;
  return {
    // The photo's EXIF orientation applied, so a portrait phone photo stays upright once the EXIF is dropped.
    decode: (file) => createImageBitmap(file, { imageOrientation: 'from-image' }),
    async encode(image, width, height, type, quality) {
      const canvas = surface(width, height);
      const ctx = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
      if (!ctx) return null;
      if (type === 'image/jpeg') {
        // JPEG has no transparency: a transparent PNG gets a white ground, not a black one.
        ctx.fillStyle = '#fff';
        ctx.fillRect(0, 0, width, height);
      }
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(image as ImageBitmap, 0, 0, width, height);
      return toBlob(canvas, type, quality);
    },
  };
}
