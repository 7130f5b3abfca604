import { MARKETPLACE_LIMITS } from '@filaha/shared';
import sharp from 'sharp';
import { AppError } from '../../errors.ts';

/** Photo policy of the marketplace: what is accepted, and what is stored instead of the upload. */

/** Formats accepted, as sharp names them after reading the bytes ('heif' covers AVIF, and HEIC when libvips can decode it). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);
/** Refuses decompression bombs before decoding: a phone photo is 12–50 megapixels. */
const MAX_INPUT_PIXELS = 80_000_000;

export interface ProcessedPhoto {
  large: Buffer;
  thumbnail: Buffer;
}

export function unsupportedImage(path = 'images'): AppError {
  return new AppError('UNSUPPORTED_MEDIA', 400, [{ path, code: 'unsupported_image', message: 'validation.imageType' }]);
}

/**
 * Decides the type from the bytes (never the file name or the part's Content-Type), then re-encodes to WebP at
 * two sizes. The output carries no metadata (sharp drops EXIF/GPS unless asked to keep it); the EXIF orientation
 * is applied to the pixels first so portrait photos stay upright. Anything sharp cannot decode is refused.
 */
export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;
  let format: string | undefined;
  try {
    format = (await sharp(bytes, options).metadata()).format;
  } catch {
    throw unsupportedImage();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw unsupportedImage();
  try {
    const oriented = sharp(bytes, options).rotate();
    const resize = (px: number) =>
      oriented.clone().resize({ width: px, height: px, fit: 'inside', withoutEnlargement: true });
    const [large, thumbnail] = await Promise.all([
      resize(MARKETPLACE_LIMITS.imageLargePx).webp({ quality: 82 }).toBuffer(),
      resize(MARKETPLACE_LIMITS.imageThumbPx).webp({ quality: 75 }).toBuffer(),
    ]);
    return { large, thumbnail };
  } catch {
    // Header readable but pixels not (truncated file, HEVC-coded HEIC without a decoder, …).
    throw unsupportedImage();
  }
}
