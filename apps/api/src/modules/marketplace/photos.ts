import { availableParallelism } from 'node:os';
import { MARKETPLACE_LIMITS } from '@filaha/shared';
import pLimit from 'p-limit';
import sharp, { type Metadata } from 'sharp';
import { AppError, DetailedError, fill } from '../../core/errors.ts';
import { text } from '../../i18n/texts.ts';
import type { Language } from '../../i18n/messages.ts';

/** Photo policy of the marketplace: what is accepted, and what is stored instead of the upload. */

/** Formats accepted, as sharp names them after reading the bytes ('heif' covers AVIF, and HEIC when libvips can decode it). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);
/**
 * A product photo needs no more pixels than this (a 6000 × 4000 camera photo); anything larger is refused from
 * its header, before any pixel is decoded. It also bounds the decode of formats that cannot shrink on load (PNG):
 * a 79-megapixel PNG of 300 KB costs about a second of CPU and hundreds of megabytes.
 */
export const MAX_PHOTO_PIXELS = 24_000_000;

/**
 * Photos decoded at once in this process: one per core, the rest wait their turn (p-limit's queue). sharp runs
 * each decode on libuv's thread pool with its own libvips threads, but it starts every pipeline it is handed:
 * without this bound, N parallel uploads hold N decoded images in memory at the same time.
 */
const decodeSlots = pLimit(Math.max(1, availableParallelism()));

/** The decode queue's state (tests, diagnostics). */
export const photoDecodes = {
  get limit(): number {
    return decodeSlots.concurrency;
  },
  get active(): number {
    return decodeSlots.activeCount;
  },
  get waiting(): number {
    return decodeSlots.pendingCount;
  },
};

export interface ProcessedPhoto {
  large: Buffer;
  thumbnail: Buffer;
}

export function unsupportedImage(path = 'images'): AppError {
  return new AppError('UNSUPPORTED_MEDIA', {
    variant: 'photoContent',
    issues: [{ path, code: 'unsupported_image', message: 'validation.imageType' }],
  });
}

/** The uploaded name as shown back to the user: no control or bidirectional-override characters, not too long. */
function displayName(fileName: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = (fileName ?? '').replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
  const trimmed = cleaned.trim();
  return trimmed.length > 80 ? `${trimmed.slice(0, 79)}…` : trimmed || 'image';
}

/** 413 — a photo with more pixels than MAX_PHOTO_PIXELS; the message names the file, in Arabic and French. */
export class PhotoTooLargeError extends DetailedError {
  readonly file: string;
  constructor(
    fileName: string | undefined,
    readonly width: number,
    readonly height: number,
  ) {
    super('PAYLOAD_TOO_LARGE', {
      issues: [{ path: 'images', code: 'image_too_many_pixels', message: 'validation.imageTooManyPixels' }],
    });
    this.file = displayName(fileName);
  }
  details(lang: Language) {
    const megapixels = (n: number) => (Math.round(n / 100_000) / 10).toString();
    const values = (l: Language) => ({
      // Isolated, so a Latin file name does not reorder the Arabic sentence around it.
      file: l === 'ar' ? `\u2068${this.file}\u2069` : this.file,
      megapixels: megapixels(this.width * this.height),
      limit: megapixels(MAX_PHOTO_PIXELS),
      width: this.width,
      height: this.height,
    });
    return {
      message: fill(text('photoTooLarge', lang), values(lang)),
      message_ar: fill(text('photoTooLarge', 'ar'), values('ar')),
      message_fr: fill(text('photoTooLarge', 'fr'), values('fr')),
      file: this.file,
      issues: this.issues,
    };
  }
}

/**
 * Decides the type from the bytes (never the file name or the part's Content-Type), refuses more than
 * MAX_PHOTO_PIXELS from the header, then re-encodes to WebP at two sizes. The input is decoded once, already
 * resized (JPEG and WebP shrink on load: libvips decodes at 1/2, 1/4 or 1/8 scale when the target is that much
 * smaller); the thumbnail is made from the large output. The output carries no metadata (sharp drops EXIF/GPS
 * unless asked to keep it); the EXIF orientation is applied to the pixels first so portrait photos stay upright.
 * Anything sharp cannot decode is refused.
 */
export async function processPhoto(bytes: Buffer, fileName?: string): Promise<ProcessedPhoto> {
  return decodeSlots(() => decodeAndResize(bytes, fileName));
}

async function decodeAndResize(bytes: Buffer, fileName: string | undefined): Promise<ProcessedPhoto> {
  const options = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' } as const;
  let metadata: Metadata;
  try {
    // The header only (no pixels decoded), without the pixel limit: a too-large photo gets its own answer.
    metadata = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw unsupportedImage();
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw unsupportedImage();
  const { width = 0, height = 0 } = metadata;
  if (width * height > MAX_PHOTO_PIXELS) throw new PhotoTooLargeError(fileName, width, height);
  const box = (px: number) => ({ width: px, height: px, fit: 'inside', withoutEnlargement: true }) as const;
  try {
    const large = await sharp(bytes, options)
      .rotate()
      .resize(box(MARKETPLACE_LIMITS.imageLargePx))
      .webp({ quality: 82 })
      .toBuffer();
    const thumbnail = await sharp(large).resize(box(MARKETPLACE_LIMITS.imageThumbPx)).webp({ quality: 75 }).toBuffer();
    return { large, thumbnail };
  } catch {
    // Header readable but pixels not (truncated file, HEVC-coded HEIC without a decoder, …).
    throw unsupportedImage();
  }
}
