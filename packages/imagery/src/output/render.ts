import sharp from 'sharp';
import { geometryBBox, type BBox, type ParcelGeometry } from '@filaha/shared/geometry';
import { applyFit, fitLonLatToXY, projector } from '../geo/project.ts';
import type { PixelGrid } from '../geo/rasterize.ts';
import { compileLegend, type LegendInterval } from './legend.ts';
import { writeGeoTiff } from './geotiff-writer.ts';
import type { ValuesGrid } from '@filaha/shared/values-grid';

export const MAX_OUTPUT_SIZE = 2048;

export interface OutputSize {
  width: number;
  height: number;
  /** Output pixels per source pixel (≈ equal on both axes); above 1 only when upscaling was allowed. */
  scale: number;
  upscaled: boolean;
}

/**
 * Output size over the parcel's lon/lat bbox: the data's own resolution (one output pixel ≈ one source
 * pixel), shrunk to fit maxWidth × maxHeight, and enlarged only when `allowUpscale` says so — a 10 m
 * pixel drawn as 4 output pixels is still a 10 m measurement, and the result says `upscaled`.
 */
export function outputSize(
  bbox: BBox,
  epsg: number,
  resolution: number,
  options: { maxWidth?: number; maxHeight?: number; allowUpscale?: boolean },
): OutputSize {
  const [west, south, east, north] = bbox;
  const p = projector(epsg);
  const midLat = (south + north) / 2;
  const midLon = (west + east) / 2;
  const [xw, yw] = p.forward(west, midLat);
  const [xe, ye] = p.forward(east, midLat);
  const [xs, ys] = p.forward(midLon, south);
  const [xn, yn] = p.forward(midLon, north);
  const naturalWidth = Math.max(1, Math.round(Math.hypot(xe - xw, ye - yw) / resolution));
  const naturalHeight = Math.max(1, Math.round(Math.hypot(xn - xs, yn - ys) / resolution));
  const maxWidth = Math.min(MAX_OUTPUT_SIZE, Math.max(1, Math.floor(options.maxWidth ?? MAX_OUTPUT_SIZE)));
  const maxHeight = Math.min(MAX_OUTPUT_SIZE, Math.max(1, Math.floor(options.maxHeight ?? MAX_OUTPUT_SIZE)));
  let scale = Math.min(maxWidth / naturalWidth, maxHeight / naturalHeight);
  if (scale > 1 && !options.allowUpscale) scale = 1;
  return {
    width: Math.min(maxWidth, Math.max(1, Math.round(naturalWidth * scale))),
    height: Math.min(maxHeight, Math.max(1, Math.round(naturalHeight * scale))),
    scale,
    upscaled: scale > 1,
  };
}

export interface RenderInput {
  /** Index values on the source grid (NaN = masked), with that grid and its EPSG. */
  values: Float32Array;
  /**
   * The source pixels the statistics count (BandStack.inParcel). An output cell shows a value only when the
   * source pixel it samples is one of them and is valid, so the map never shows an uncounted pixel.
   */
  inParcel: Uint8Array;
  grid: PixelGrid;
  epsg: number;
  geometry: ParcelGeometry;
  legend: ReadonlyArray<LegendInterval>;
  range: readonly [number, number];
  maxWidth?: number;
  maxHeight?: number;
  allowUpscale?: boolean;
}

export interface RenderedMap extends OutputSize {
  bounds: [[number, number], [number, number]];
  bbox: BBox;
  rgba: Uint8Array;
  values: ValuesGrid;
  /** Largest deviation of the fitted lon/lat → UTM mapping from proj4 over the parcel, in metres. */
  fitErrorM: number;
}

/**
 * Resamples the source values onto a lat/lon-aligned grid over the parcel's bbox (Leaflet image overlay):
 * each output pixel centre goes through a fitted lon/lat → UTM polynomial (no per-pixel proj4) and takes the
 * source pixel it falls in. The cell shows that pixel's value only if the statistics count it (`inParcel`
 * and valid); otherwise it stays transparent and NaN in the values grid. The parcel is thus drawn as the
 * source pixels it is measured by, edges included — not clipped to the outline by the output cell centre,
 * which would show uncounted pixels (slivers) and hide counted ones.
 */
export function renderIndexMap(input: RenderInput): RenderedMap {
  const bbox = geometryBBox(input.geometry);
  const [west, south, east, north] = bbox;
  const size = outputSize(bbox, input.epsg, input.grid.resX, input);
  const { width, height } = size;
  const fit = fitLonLatToXY(input.epsg, bbox);
  const colour = compileLegend(input.legend, input.range);
  const outGrid: PixelGrid = {
    x0: west,
    y0: north,
    resX: (east - west) / width,
    resY: (north - south) / height,
    width,
    height,
  };
  const rgba = new Uint8Array(width * height * 4);
  const data = new Float32Array(width * height).fill(Number.NaN);
  const g = input.grid;
  for (let r = 0; r < height; r++) {
    const lat = north - (r + 0.5) * outGrid.resY;
    for (let c = 0; c < width; c++) {
      const o = r * width + c;
      const [x, y] = applyFit(fit, west + (c + 0.5) * outGrid.resX, lat);
      const sc = Math.floor((x - g.x0) / g.resX);
      const sr = Math.floor((g.y0 - y) / g.resY);
      if (sc < 0 || sr < 0 || sc >= g.width || sr >= g.height) continue;
      const s = sr * g.width + sc;
      if (!input.inParcel[s]) continue;
      const v = input.values[s]!;
      if (Number.isNaN(v)) continue;
      data[o] = v;
      const rgbaValue = colour(v);
      if (rgbaValue) rgba.set(rgbaValue, o * 4);
    }
  }
  const bounds: [[number, number], [number, number]] = [
    [south, west],
    [north, east],
  ];
  return { ...size, bounds, bbox, rgba, values: { width, height, bounds, data }, fitErrorM: fit.maxErrorM };
}

export async function encodePng(rgba: Uint8Array, width: number, height: number): Promise<Buffer> {
  return sharp(Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength), { raw: { width, height, channels: 4 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/**
 * Index values on their native source grid (the scene's UTM CRS, 10 m) as a Float32 GeoTIFF, nodata NaN:
 * the download whose own statistics are the answer's. `values` must already be NaN wherever the statistics
 * do not count a pixel (compute.ts `countedValues`).
 */
export function encodeNativeGeoTiff(values: Float32Array, grid: PixelGrid & { epsg: number }): Buffer {
  return writeGeoTiff({
    type: 'float32',
    levels: [{ width: grid.width, height: grid.height, data: values }],
    geo: { epsg: grid.epsg, originX: grid.x0, originY: grid.y0, resX: grid.resX, resY: grid.resY },
    nodata: 'nan',
    tileSize: 256,
  });
}

/** The lat/lon values grid as a Float32 GeoTIFF in EPSG:4326 (nodata NaN); the engine now downloads the native one. */
export function encodeValuesGeoTiff(values: ValuesGrid): Buffer {
  const [[south, west], [north, east]] = values.bounds;
  return writeGeoTiff({
    type: 'float32',
    levels: [{ width: values.width, height: values.height, data: values.data }],
    geo: {
      epsg: 4326,
      originX: west,
      originY: north,
      resX: (east - west) / values.width,
      resY: (north - south) / values.height,
    },
    nodata: 'nan',
    tileSize: 256,
  });
}
