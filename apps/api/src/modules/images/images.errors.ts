import type { ApiError } from '@filaha/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { pickLanguage } from '../../i18n/language.ts';
import { errorMessage, type Language } from '../../i18n/messages.ts';
import { text, type TextKey } from '../../i18n/texts.ts';
import { sendError } from '../../plugins/error-handler.ts';

/** Fills `{name}` placeholders of a catalogue text. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * An API error whose answer carries more than `{ code, message }` (the SPEC's limit-modal payload, the
 * nearest dates of a missing scene…). Still a typed AppError thrown by the service; `detailedErrorHandler`
 * renders the extra fields and hands every other error to the app's one error handler.
 */
export abstract class DetailedError extends AppError {
  abstract details(lang: Language): Record<string, unknown>;
}

/** 429 — the limit modal: title, message in three forms, and the counter. */
export class QuotaExhaustedError extends DetailedError {
  constructor(
    readonly indexCode: string,
    readonly used: number,
    readonly limit: number,
  ) {
    super('QUOTA_EXHAUSTED', 429);
  }
  details(lang: Language) {
    const values = { index: this.indexCode, used: this.used, limit: this.limit };
    const message = fill(text('quotaMessage', lang), values);
    return {
      error: message,
      title: text('quotaTitle', lang),
      message,
      message_ar: fill(text('quotaMessage', 'ar'), values),
      message_fr: fill(text('quotaMessage', 'fr'), values),
      indicator_info: { indicators_used: this.used, indicators_limit: this.limit },
    };
  }
}

/** 404 — no acquisition in the window; the nearest days that do have one. */
export class NoSceneFoundError extends DetailedError {
  constructor(
    readonly start: string,
    readonly end: string,
    readonly nearestBefore: string | null,
    readonly nearestAfter: string | null,
  ) {
    super('NO_SCENE', 404);
  }
  details(lang: Language) {
    return {
      message: fill(text('noSceneMessage', lang), { start: this.start, end: this.end }),
      nearestDates: [this.nearestBefore, this.nearestAfter].filter((d): d is string => d !== null),
      nearestBefore: this.nearestBefore,
      nearestAfter: this.nearestAfter,
    };
  }
}

/** 422 — acquisitions exist but clouds hide the parcel on all of them; the nearest clear days around. */
export class CloudedError extends DetailedError {
  constructor(
    readonly validFraction: number,
    readonly sceneId: string | null,
    readonly nearestBefore: string | null = null,
    readonly nearestAfter: string | null = null,
  ) {
    super('ALL_CLOUDY', 422);
  }
  details(lang: Language) {
    const percent = Math.round(this.validFraction * 1000) / 10;
    return {
      message: fill(text('allCloudyMessage', lang), { percent }),
      validFraction: this.validFraction,
      sceneId: this.sceneId,
      nearestDates: [this.nearestBefore, this.nearestAfter].filter((d): d is string => d !== null),
      nearestBefore: this.nearestBefore,
      nearestAfter: this.nearestAfter,
    };
  }
}

/** A standard code with a more specific message ('Aucune image trouvée.', 'Index non trouvé.'). */
export class WordedError extends DetailedError {
  constructor(
    code: AppError['code'],
    status: number,
    readonly textKey: TextKey,
  ) {
    super(code, status);
  }
  details(lang: Language) {
    return { message: text(this.textKey, lang) };
  }
}

/** For `setErrorHandler` in the images, history and marketplace scopes. */
export function detailedErrorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (!(error instanceof DetailedError)) return sendError(request, reply, error);
  const lang = pickLanguage(request.headers['accept-language']);
  const body: ApiError & Record<string, unknown> = {
    code: error.code,
    message: errorMessage(error.code, lang),
    ...error.details(lang),
  };
  if (error.headers) void reply.headers(error.headers);
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(body);
}
