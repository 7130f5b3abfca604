/**
 * The raw index values on the same lat/lon grid as the PNG, so the value under the cursor is exactly the
 * value of the pixel the user sees. Row 0 is the northern edge; NaN = masked or outside the parcel.
 *
 * Binary form (`encodeValuesGrid`), little-endian, served as application/octet-stream:
 *   bytes 0–3  ASCII "FVG1"
 *   bytes 4–7  uint32 length N of the JSON header (padded with spaces to a multiple of 4)
 *   next N     UTF-8 JSON {"width","height","bounds":[[minLat,minLon],[maxLat,maxLon]],"crs":"EPSG:4326",
 *              "nodata":"NaN", ...extra}
 *   rest       width × height float32 values, row-major from the north-west corner
 * Written by the imagery engine (`@filaha/imagery` re-exports it), read by the web app's farm map: this file has no
 * dependencies, so `@filaha/shared/values-grid` brings the farm map nothing else.
 */
export interface ValuesGrid {
  width: number;
  height: number;
  /** [[minLat, minLon], [maxLat, maxLon]] — Leaflet's LatLngBounds order. */
  bounds: [[number, number], [number, number]];
  data: Float32Array;
  /** Free metadata carried in the header (index code, scene id…). */
  meta?: Record<string, unknown>;
}

const MAGIC = 'FVG1';

export function encodeValuesGrid(grid: ValuesGrid): Uint8Array {
  const header = JSON.stringify({
    width: grid.width,
    height: grid.height,
    bounds: grid.bounds,
    crs: 'EPSG:4326',
    nodata: 'NaN',
    ...(grid.meta ?? {}),
  });
  let headerBytes = new TextEncoder().encode(header);
  const padded = Math.ceil(headerBytes.length / 4) * 4;
  if (padded !== headerBytes.length)
    headerBytes = new TextEncoder().encode(header + ' '.repeat(padded - headerBytes.length));
  const out = new Uint8Array(8 + padded + grid.data.byteLength);
  const view = new DataView(out.buffer);
  for (let i = 0; i < 4; i++) out[i] = MAGIC.charCodeAt(i);
  view.setUint32(4, padded, true);
  out.set(headerBytes, 8);
  for (let i = 0; i < grid.data.length; i++) view.setFloat32(8 + padded + i * 4, grid.data[i]!, true);
  return out;
}

export function decodeValuesGrid(bytes: Uint8Array | ArrayBuffer): ValuesGrid {
  const u8 = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const view = new DataView(u8.buffer, u8.byteOffset, u8.byteLength);
  const magic = String.fromCharCode(u8[0]!, u8[1]!, u8[2]!, u8[3]!);
  if (magic !== MAGIC) throw new Error('Not a Filaha values grid');
  const length = view.getUint32(4, true);
  const header = JSON.parse(new TextDecoder().decode(u8.subarray(8, 8 + length))) as Record<string, unknown> & {
    width: number;
    height: number;
    bounds: [[number, number], [number, number]];
  };
  const { width, height, bounds, crs: _crs, nodata: _nodata, ...meta } = header;
  if (u8.byteLength < 8 + length + width * height * 4) throw new Error('Truncated values grid');
  const data = new Float32Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = view.getFloat32(8 + length + i * 4, true);
  return { width, height, bounds, data, meta };
}

/** The index value at a longitude/latitude, or null outside the grid or on a masked pixel. */
export function valueAt(grid: ValuesGrid, lon: number, lat: number): number | null {
  const [[minLat, minLon], [maxLat, maxLon]] = grid.bounds;
  if (lon < minLon || lon > maxLon || lat < minLat || lat > maxLat) return null;
  const col = Math.min(grid.width - 1, Math.floor(((lon - minLon) / (maxLon - minLon)) * grid.width));
  const row = Math.min(grid.height - 1, Math.floor(((maxLat - lat) / (maxLat - minLat)) * grid.height));
  const value = grid.data[row * grid.width + col]!;
  return Number.isNaN(value) ? null : value;
}
