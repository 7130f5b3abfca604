/**
 * @filaha/imagery — the satellite engine: STAC search, windowed COG reads, vegetation indices, masks,
 * statistics and PNG / GeoTIFF / values-grid output. Pure inputs → outputs; no HTTP framework, no database.
 * See README.md for the interface.
 */
export {
  computeIndexMap,
  computeIndexValues,
  computeSceneIndexMap,
  countedValues,
  selectScene,
  DEFAULT_MIN_VALID_FRACTION,
  MAX_VALID_REFLECTANCE,
} from './compute.ts';
export type {
  ComputeIndexMapOptions,
  IndexMapResult,
  RenderSceneOptions,
  SceneInfo,
  SceneSelection,
  SelectSceneOptions,
} from './compute.ts';
export { createCatalog, windowToIso } from './stac/catalog.ts';
export type { Catalog, CatalogOptions, SearchQuery } from './stac/catalog.ts';
export {
  parseItem,
  rasterBandsDnOffset,
  resolveHref,
  DEFAULT_COLLECTIONS,
  SENTINEL2_C1_L2A,
  SENTINEL2_L2A,
} from './stac/item.ts';
export { dedupeCollections, tileOf } from './stac/dedupe.ts';
export type { Acquisition, AssetRef } from './stac/item.ts';
export { parseSearchPage, nextRequest } from './stac/api-source.ts';
export { BASELINE_04_FROM, reflectanceDnOffset, dnToReflectance, REFLECTANCE_SCALE } from './stac/offset.ts';
export { createCogReader } from './cog/reader.ts';
export type { CogInfo, CogReader, CogReaderOptions, RasterWindow, SampleArray } from './cog/reader.ts';
export type { FetchLike, ReadStats } from './cog/byte-source.ts';
export { INDICES, INDEX_CODES, findIndex, getIndex, normalizedDifference } from './indices.ts';
export type { IndexDefinition } from './indices.ts';
export {
  DEFAULT_MASKED_SCL_CLASSES,
  CLOUD_SCL_CLASSES,
  BUFFER_CLASS,
  BUFFERED_SCL_CLASSES,
  DEFAULT_CLOUD_BUFFER_M,
  bufferScl,
  sclLookup,
  summarizeScl,
} from './raster/masks.ts';
export { mosaicStacks } from './raster/mosaic.ts';
export { readBandStack } from './raster/band-stack.ts';
export type { BandStack, StackGrid } from './raster/band-stack.ts';
export { computeStats, percentile } from './raster/stats.ts';
export type { IndexStats } from './raster/stats.ts';
export {
  acquisitionKey,
  chooseScene,
  dedupeAcquisitions,
  assessScene,
  assessAcquisition,
  groupAcquisitions,
} from './scene.ts';
export type { SceneCandidate } from './scene.ts';
export { compileLegend, parseColor } from './output/legend.ts';
export type { LegendInterval } from './output/legend.ts';
export {
  renderIndexMap,
  outputSize,
  encodePng,
  encodeNativeGeoTiff,
  encodeValuesGeoTiff,
  MAX_OUTPUT_SIZE,
} from './output/render.ts';
export { encodeValuesGrid, decodeValuesGrid, valueAt } from '@filaha/shared/values-grid';
export type { ValuesGrid } from '@filaha/shared/values-grid';
export { writeGeoTiff, downsample2 } from './output/geotiff-writer.ts';
export type { GeoTiffOptions, GeoReference, RasterLevel } from './output/geotiff-writer.ts';
export { assertParcelGeometry } from './geo/geometry.ts';
export { geometryBBox } from '@filaha/shared/geometry';
export type { ParcelGeometry, PolygonGeometry, MultiPolygonGeometry, BBox } from '@filaha/shared/geometry';
export { fitLonLatToXY, applyFit, projector } from './geo/project.ts';
export type { LonLatFit } from './geo/project.ts';
export { rasterizeRings } from './geo/rasterize.ts';
export { pointOnSurface } from './geo/point-on-surface.ts';
export type { PixelGrid } from './geo/rasterize.ts';
export {
  ImageryError,
  CatalogUnavailableError,
  CogUnavailableError,
  NoSceneError,
  AllCloudyError,
  InvalidGeometryError,
  UnknownIndexError,
} from './errors.ts';
export type { ImageryErrorCode } from './errors.ts';
export { DEMO_CATALOG_PATH, ensureDemoCatalog, demoCatalogSourceHash, type EnsureDemoCatalogResult } from './demo.ts';
export { computeSeries, computeAcquisitionPoints } from './series.ts';
export type {
  PointSettings,
  SeriesOptions,
  SeriesPoint,
  SeriesResult,
  SeriesSkip,
  SeriesSkipReason,
} from './series.ts';
export { computeTilePass, owningTile, tileParcels, tilePassCacheBytes } from './tile-pass.ts';
export type { TilePassEntry, TilePassOptions, TilePassParcel, TilePassResult } from './tile-pass.ts';
export {
  computeChange,
  computeChangeMap,
  alignStack,
  differenceOf,
  CHANGE_LEGEND,
  DEFAULT_CHANGE_THRESHOLD,
} from './change.ts';
export type {
  ChangeDate,
  ChangeMapImages,
  ChangeMapOptions,
  ChangeMapResult,
  ChangeStats,
  ComputeChangeOptions,
} from './change.ts';
export { demoTerritoryParcels, mulberry32 } from './demo-territory.ts';
export type { DemoTerritoryParcel } from './demo-territory.ts';
