/**
 * The error catalogue: every stable code of the API with the HTTP status it answers with. Every error answer is
 * `{ code, message, issues? }`; the web app turns `code` into Arabic or French text (locale key `errors.<code>`).
 * `ErrorCode` is derived from this object, so a code cannot exist without its status; the API's `AppError` takes its
 * status from here and a throw site never chooses one.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  /** SPEC §4 and §8: a refused sign-up is a 400 ('Cet email est déjà utilisé'). */
  EMAIL_TAKEN: 400,
  INVALID_CREDENTIALS: 401,
  UNAUTHENTICATED: 401,
  TOKEN_EXPIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  RESET_CODE_INVALID: 400,
  RESET_CODE_EXPIRED: 400,
  RESET_CODE_LOCKED: 400,
  /** The SMS verification code (issue 31 §4): wrong, expired (or none sent), locked after too many wrong tries. */
  PHONE_CODE_INVALID: 400,
  PHONE_CODE_EXPIRED: 400,
  PHONE_CODE_LOCKED: 400,
  PAYLOAD_TOO_LARGE: 413,
  /** A JSON body nested deeper than the API reads (MAX_JSON_DEPTH, plugins/input-guard.ts), refused unparsed. */
  BODY_TOO_DEEP: 400,
  UNSUPPORTED_MEDIA: 415,
  /** SPEC §4 and §8: "A 429 with an error body opens the limit modal". */
  QUOTA_EXHAUSTED: 429,
  SUBSCRIPTION_REQUIRED: 403,
  SUBSCRIPTION_INACTIVE: 403,
  INDEX_NOT_IN_PLAN: 403,
  /** The caller's active plan does not hold the feature the route serves (e.g. the water advice, issue 31 §2). */
  FEATURE_NOT_IN_PLAN: 403,
  NO_SCENE: 404,
  ALL_CLOUDY: 422,
  OUTSIDE_COVERAGE: 404,
  CATALOG_UNAVAILABLE: 503,
  INVALID_GEOMETRY: 400,
  IN_USE: 409,
  SELF_DELETE: 403,
  INTERNAL: 500,
  /** A write met a full disk (files, data folder or database): 507 Insufficient Storage, any write route. */
  STORAGE_FULL: 507,
  BLOCKED: 403,
  STOCK_NEGATIVE: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_IN_PROGRESS: 409,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Every code, in catalogue order. */
export const ERROR_CODES = Object.keys(ERROR_STATUS) as readonly ErrorCode[];

/** The codes whose usual status is `S` (e.g. `CodeWithStatus<409>` for a conflict). */
export type CodeWithStatus<S extends number> = {
  [C in ErrorCode]: (typeof ERROR_STATUS)[C] extends S ? C : never;
}[ErrorCode];

/**
 * Named exceptions to the usual status: a code that answers otherwise on one route, because the SPEC fixes that
 * answer there or, where the SPEC is silent, the web client relies on it (and a test pins it). A throw site names
 * the variant (`new AppError('SUBSCRIPTION_INACTIVE', { variant: 'publishing' })`); no other status is possible.
 */
export const ERROR_STATUS_VARIANTS = {
  SUBSCRIPTION_REQUIRED: {
    /** POST /publications/add without a usable seller subscription — SPEC §7 ("401 carries a server message"). */
    publishing: 401,
  },
  SUBSCRIPTION_INACTIVE: {
    /** POST /publications/add with a seller subscription that is not `actif` — SPEC §7, as above. */
    publishing: 401,
    /**
     * POST /abonnementUserIndice/indices for a subscription that is not `actif`: a state conflict of the staff's
     * repair call, not a refused farmer. SPEC silent; pinned by modules/subscriptions/usage.test.ts.
     */
    usageRepair: 409,
  },
  QUOTA_EXHAUSTED: {
    /**
     * POST /publications/add past the seller plan's post limit: not a session problem (401) nor a wait (429).
     * SPEC silent; pinned by modules/marketplace/publications.test.ts.
     */
    postLimit: 403,
  },
  UNSUPPORTED_MEDIA: {
    /**
     * A publication photo whose bytes are not an accepted image, inside a well-formed multipart request (415 is for
     * a request Content-Type the server does not take). SPEC silent; pinned by modules/marketplace/photos.test.ts.
     */
    photoContent: 400,
  },
} as const satisfies { [C in ErrorCode]?: Record<string, number> };

/** The variant names a code allows (`never` for a code that has none). */
export type StatusVariant<C extends ErrorCode> = C extends keyof typeof ERROR_STATUS_VARIANTS
  ? keyof (typeof ERROR_STATUS_VARIANTS)[C]
  : never;

/** Every status a code can answer with: its usual status first, then its variants'. */
export function allowedStatuses(code: ErrorCode): number[] {
  const variants: { [C in ErrorCode]?: Record<string, number> } = ERROR_STATUS_VARIANTS;
  return [ERROR_STATUS[code], ...Object.values(variants[code] ?? {})];
}

/** The status of `code`, or of its named variant. */
export function errorStatus<C extends ErrorCode>(code: C, variant?: StatusVariant<C>): number {
  if (variant === undefined) return ERROR_STATUS[code];
  const variants: { [K in ErrorCode]?: Record<string, number> } = ERROR_STATUS_VARIANTS;
  const status = variants[code]?.[String(variant)];
  if (status === undefined) throw new RangeError(`${code} has no status variant ${String(variant)}`);
  return status;
}

export interface ApiIssue {
  path: string;
  code: string;
  message: string;
}

export interface ApiError {
  code: ErrorCode;
  message: string;
  issues?: ApiIssue[];
  /** From the `Retry-After` header of a 429: how long the caller must wait, in seconds. */
  retryAfterSeconds?: number;
}
