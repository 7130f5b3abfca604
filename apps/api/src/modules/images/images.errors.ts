import type { CloudedDetails, NoSceneDetails, QuotaExhaustedDetails } from '@filaha/shared/contracts';
import { DetailedError, fill } from '../../core/errors.ts';
import type { Language } from '../../i18n/messages.ts';
import { text } from '../../i18n/texts.ts';

/**
 * The images module's answers that carry more than `{ code, message }` (SPEC §3 limit-modal payload, the nearest
 * dates of a missing or clouded scene), typed by `@filaha/shared/contracts` (error-bodies.ts). Rendered by the app's one error handler (plugins/error-handler.ts).
 */

/** 429 — the limit modal: title, message in three forms, and the counter. */
export class QuotaExhaustedError extends DetailedError {
  constructor(
    readonly indexCode: string,
    readonly used: number,
    readonly limit: number,
  ) {
    super('QUOTA_EXHAUSTED');
  }
  details(lang: Language): QuotaExhaustedDetails {
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
    super('NO_SCENE');
  }
  details(lang: Language): NoSceneDetails {
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
    super('ALL_CLOUDY');
  }
  details(lang: Language): CloudedDetails {
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
