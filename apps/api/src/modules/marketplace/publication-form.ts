// The request.parts()/isMultipart() typings come with the plugin (registered in index.ts).
import type {} from '@fastify/multipart';
import { hasNul, MARKETPLACE_LIMITS, TEXT_MESSAGES } from '@filaha/shared';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, ValidationError } from '../../core/errors.ts';
import { multipartDigest } from '../../plugins/idempotency.ts';
import { processPhoto, type ProcessedPhoto } from './photos.ts';

/** Limits of @fastify/multipart for the publication routes (registered for them only). */
export const MULTIPART_LIMITS = {
  fileSize: MARKETPLACE_LIMITS.maxImageBytes,
  files: MARKETPLACE_LIMITS.maxImagesPerPublication,
  fields: 30,
  fieldSize: 16 * 1024,
  parts: 50,
  headerPairs: 200,
} as const;

/** `images`, `images[]`, `images[0]`: the names browsers and the earlier client use for the photo inputs. */
const IMAGE_FIELD = /^images(\[\d*\])?$/;

export interface PublicationForm {
  fields: Record<string, string | string[]>;
  photos: ProcessedPhoto[];
}

function addField(fields: PublicationForm['fields'], rawName: string, value: string): void {
  const name = rawName.replace(/\[\]$/, '');
  // Multipart fields skip the app's request guard (plugins/input-guard.ts): U+0000 is refused here.
  if (hasNul(name) || hasNul(value)) throw ValidationError.field(name.replaceAll('\u0000', '\\0'), TEXT_MESSAGES.nul);
  const existing = fields[name];
  fields[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
}

/**
 * Reads a multipart publication form: text fields, and each photo decoded and re-encoded as it arrives (so
 * at most one raw upload is in memory), each part hashed into `request.bodyDigest` (the Idempotency-Key
 * fingerprint: plugins/idempotency.ts). A JSON body is accepted too (fields only, no photos; hashed as parsed). A file over
 * 8 MB or more than 10 files → 413 from the multipart limits; a file that is not an image → 400.
 */
export async function readPublicationForm(request: FastifyRequest): Promise<PublicationForm> {
  const form: PublicationForm = { fields: {}, photos: [] };
  if (!request.isMultipart()) {
    const body = request.body;
    if (body && typeof body === 'object') {
      for (const [name, value] of Object.entries(body)) {
        if (Array.isArray(value)) for (const v of value) addField(form.fields, name, String(v));
        else if (value !== undefined && value !== null) addField(form.fields, name, String(value));
      }
    }
    return form;
  }
  // What an Idempotency-Key's fingerprint hashes for this body (the parts are read here, not by a parser).
  const digest = multipartDigest();
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (!IMAGE_FIELD.test(part.fieldname)) {
        part.file.resume();
        throw ValidationError.field(part.fieldname, 'validation.unexpectedFile');
      }
      const bytes = await part.toBuffer();
      // toBuffer() can return the cut buffer when the limit is hit on the last chunk (seen over real HTTP): the
      // stream's flag is the reliable signal.
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE');
      digest.file(part.fieldname, part.filename, bytes);
      // An empty file input still sends a part with no bytes: nothing was chosen.
      if (bytes.length === 0) continue;
      form.photos.push(await processPhoto(bytes, part.filename));
    } else {
      if (part.valueTruncated) throw ValidationError.field(part.fieldname, 'validation.tooLong');
      digest.field(part.fieldname, String(part.value));
      addField(form.fields, part.fieldname, typeof part.value === 'string' ? part.value : String(part.value));
    }
  }
  request.bodyDigest = digest.digest();
  return form;
}

/** Validates form fields with a shared schema; issues look like the route validator's. */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, unknown>): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  throw new ValidationError(
    parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), code: issue.code, message: issue.message })),
  );
}

export function tooManyImages(): AppError {
  return new ValidationError([{ path: 'images', code: 'too_many', message: 'validation.tooManyImages' }]);
}
