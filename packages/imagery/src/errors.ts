/**
 * Typed errors of the imagery engine. Each carries a stable `code` so the API maps it to an HTTP answer in
 * one place (NO_SCENE → 404-class, ALL_CLOUDY → 422-class, *_UNAVAILABLE → 502/504) and never charges quota.
 */
export type ImageryErrorCode =
  | 'CATALOG_UNAVAILABLE'
  | 'COG_UNAVAILABLE'
  | 'NO_SCENE'
  | 'ALL_CLOUDY'
  | 'INVALID_GEOMETRY'
  | 'UNKNOWN_INDEX'
  | 'INVALID_INPUT';

export class ImageryError extends Error {
  readonly code: ImageryErrorCode;
  constructor(code: ImageryErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** The STAC API or static catalog could not be reached, timed out, or answered something that is not STAC. */
export class CatalogUnavailableError extends ImageryError {
  readonly source: string;
  constructor(source: string, message: string, options?: { cause?: unknown }) {
    super('CATALOG_UNAVAILABLE', `Catalog ${source}: ${message}`, options);
    this.source = source;
  }
}

/** A Cloud-Optimized GeoTIFF could not be read (unreachable, timed out, not a TIFF, unsupported layout). */
export class CogUnavailableError extends ImageryError {
  readonly href: string;
  constructor(href: string, message: string, options?: { cause?: unknown }) {
    super('COG_UNAVAILABLE', `COG ${href}: ${message}`, options);
    this.href = href;
  }
}

/** No acquisition covers the parcel in the window; carries the nearest dates (YYYY-MM-DD) that do have data. */
export class NoSceneError extends ImageryError {
  readonly nearestBefore: string | null;
  readonly nearestAfter: string | null;
  constructor(window: { start: string; end: string }, nearestBefore: string | null, nearestAfter: string | null) {
    super('NO_SCENE', `No Sentinel-2 acquisition covers the parcel between ${window.start} and ${window.end}`);
    this.nearestBefore = nearestBefore;
    this.nearestAfter = nearestAfter;
  }
}

/** Acquisitions exist but clouds, shadows or no-data hide (nearly) the whole parcel on every one of them. */
export class AllCloudyError extends ImageryError {
  readonly bestValidFraction: number;
  readonly bestSceneId: string | null;
  /** The nearest days (YYYY-MM-DD) outside the window whose acquisition does show the parcel, if any. */
  readonly nearestBefore: string | null;
  readonly nearestAfter: string | null;
  constructor(
    bestValidFraction: number,
    bestSceneId: string | null,
    minValidFraction: number,
    nearest: { before: string | null; after: string | null } = { before: null, after: null },
  ) {
    super(
      'ALL_CLOUDY',
      `Every acquisition in the window is clouded over the parcel (best valid fraction ${bestValidFraction.toFixed(3)} < ${minValidFraction})`,
    );
    this.bestValidFraction = bestValidFraction;
    this.bestSceneId = bestSceneId;
    this.nearestBefore = nearest.before;
    this.nearestAfter = nearest.after;
  }
}

export class InvalidGeometryError extends ImageryError {
  constructor(message: string) {
    super('INVALID_GEOMETRY', message);
  }
}

export class UnknownIndexError extends ImageryError {
  constructor(index: string) {
    super('UNKNOWN_INDEX', `Unknown vegetation index: ${index}`);
  }
}
