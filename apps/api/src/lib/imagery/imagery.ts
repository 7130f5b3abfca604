import {
  CatalogUnavailableError,
  computeChangeMap,
  computeSceneIndexMap,
  type ChangeMapResult,
  createCatalog,
  DEFAULT_MASKED_SCL_CLASSES,
  DEFAULT_MIN_VALID_FRACTION,
  DEMO_CATALOG_PATH,
  selectScene,
  type Catalog,
  type FetchLike,
  type IndexMapResult,
  type LegendInterval,
  type ParcelGeometry,
  type SceneSelection,
} from '@filaha/imagery';
import type { Config } from '../../config.ts';

export interface ImageryOptions {
  stacApiUrl?: string;
  catalogPath?: string;
  /** STAC collections searched, the preferred first (engine default: sentinel-2-c1-l2a, sentinel-2-l2a). */
  collections?: ReadonlyArray<string>;
  /**
   * Share of the parcel that must be visible in the chosen scene (MIN_VALID_FRACTION; engine default
   * DEFAULT_MIN_VALID_FRACTION). Below it: ALL_CLOUDY with the nearest clearer dates, nothing charged.
   */
  minValidFraction?: number;
  /** Cloud/shadow buffer in metres (CLOUD_BUFFER_M; engine default DEFAULT_CLOUD_BUFFER_M). */
  cloudBufferM?: number;
  /** The SCL classes masked as not visible (engine default DEFAULT_MASKED_SCL_CLASSES). */
  maskClasses?: ReadonlyArray<number>;
  /** Where the engine's warnings go (an item skipped for a missing band asset). */
  warn?: (message: string) => void;
  /** Per HTTP attempt against the catalog and the COGs. */
  timeoutMs?: number;
  retries?: number;
  /**
   * Budget of one whole request (search + SCL reads + band reads). Kept under the web client's 10 s timeout
   * so the farmer gets our clear CATALOG_UNAVAILABLE answer rather than a client-side timeout.
   */
  deadlineMs?: number;
  fetch?: FetchLike;
}

export const IMAGERY_DEFAULTS = { timeoutMs: 4_000, retries: 1, deadlineMs: 9_000 } as const;

/**
 * Catalog sources from the configuration: STAC_CATALOG_PATH and/or STAC_API_URL; with neither, the bundled
 * offline demo catalog. A STAC API alone does NOT pull in the demo catalog — synthetic scenes must never mix
 * into a production search.
 */
export function imageryOptionsFromConfig(
  config: Pick<Config, 'stacApiUrl' | 'stacCatalogPath'> &
    Partial<Pick<Config, 'stacCollections' | 'minValidFraction' | 'cloudBufferM'>>,
): ImageryOptions {
  return {
    stacApiUrl: config.stacApiUrl,
    collections: config.stacCollections,
    minValidFraction: config.minValidFraction,
    cloudBufferM: config.cloudBufferM,
    catalogPath: config.stacCatalogPath ?? (config.stacApiUrl ? undefined : DEMO_CATALOG_PATH),
  };
}

export interface RenderRequest {
  geometry: ParcelGeometry;
  index: string;
  start: string;
  end: string;
  legend?: ReadonlyArray<LegendInterval>;
  width: number;
  height: number;
}

/** One request's time budget, shared by its steps. */
export interface Deadline {
  at: number;
}

export interface Imagery {
  readonly catalog: Catalog;
  readonly deadlineMs: number;
  /** The minimum valid fraction this engine delivers at (shown with every result). */
  readonly minValidFraction: number;
  /** CLOUD_BUFFER_M (undefined: the engine's default). */
  readonly cloudBufferM?: number;
  /** The masked SCL classes every computation uses (part of the stored season points' basis). */
  readonly maskClasses: ReadonlyArray<number>;
  deadline(): Deadline;
  selectScene(request: RenderRequest, deadline: Deadline): Promise<SceneSelection>;
  render(selection: SceneSelection, request: RenderRequest, deadline: Deadline): Promise<IndexMapResult>;
  /** The change later − earlier between two selected acquisitions (POST /images/{indexName}/change). */
  change(
    earlier: SceneSelection,
    later: SceneSelection,
    request: RenderRequest & { threshold: number },
    deadline: Deadline,
  ): Promise<ChangeMapResult>;
}

class DeadlineExceeded extends CatalogUnavailableError {
  constructor(ms: number) {
    super('imagery', `no answer within ${ms} ms`);
  }
}

/** Rejects with CatalogUnavailableError when the deadline passes first (the slow work is left to its own timeouts). */
async function within<T>(work: Promise<T>, deadline: Deadline, budgetMs: number): Promise<T> {
  const remaining = deadline.at - Date.now();
  if (remaining <= 0) {
    work.catch(() => undefined);
    throw new DeadlineExceeded(budgetMs);
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded(budgetMs)), remaining);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
    work.catch(() => undefined);
  }
}

/** The engine bound to one catalog (created once per app) with timeouts and a per-request deadline. */
export function createImagery(options: ImageryOptions): Imagery {
  const deadlineMs = options.deadlineMs ?? IMAGERY_DEFAULTS.deadlineMs;
  const minValidFraction = options.minValidFraction ?? DEFAULT_MIN_VALID_FRACTION;
  const maskClasses = options.maskClasses ?? DEFAULT_MASKED_SCL_CLASSES;
  const catalog = createCatalog({
    stacApiUrl: options.stacApiUrl,
    catalogPath: options.catalogPath,
    collections: options.collections,
    timeoutMs: options.timeoutMs ?? IMAGERY_DEFAULTS.timeoutMs,
    retries: options.retries ?? IMAGERY_DEFAULTS.retries,
    fetch: options.fetch,
  });
  /** The work, bounded by the request's deadline. */
  const timed = <T>(work: Promise<T>, deadline: Deadline) => within(work, deadline, deadlineMs);
  /** What rendering a map (an index image, a change map) takes from the request and the deployment. */
  const mapOptions = (request: RenderRequest) => ({
    catalog,
    geometry: request.geometry,
    index: request.index,
    legend: request.legend,
    width: request.width,
    height: request.height,
    minValidFraction,
    cloudBufferM: options.cloudBufferM,
    maskClasses,
  });
  return {
    catalog,
    deadlineMs,
    minValidFraction,
    cloudBufferM: options.cloudBufferM,
    maskClasses,
    deadline: () => ({ at: Date.now() + deadlineMs }),
    selectScene: (request, deadline) =>
      timed(
        selectScene({
          catalog,
          geometry: request.geometry,
          index: request.index,
          start: request.start,
          end: request.end,
          minValidFraction,
          cloudBufferM: options.cloudBufferM,
          maskClasses,
          warn: options.warn,
        }),
        deadline,
      ),
    render: (selection, request, deadline) => timed(computeSceneIndexMap(selection, mapOptions(request)), deadline),
    change: (earlier, later, request, deadline) =>
      timed(computeChangeMap(earlier, later, { ...mapOptions(request), threshold: request.threshold }), deadline),
  };
}
