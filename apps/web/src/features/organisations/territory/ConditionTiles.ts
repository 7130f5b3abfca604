import { VectorTile } from '@mapbox/vector-tile';
import L from 'leaflet';
import { PbfReader } from 'pbf';
import { API_BASE } from '../../../lib/api.ts';
import { getToken } from '../../../lib/storage.ts';
import { CONDITION_COLORS } from './conditionColors.ts';

export interface ConditionTilesOptions extends L.GridLayerOptions {
  /** `/organisations/{id}/tiles` and the filters' query string ('' or '?crop=…'). */
  path: string;
  query: string;
  onFeatureClick?: (id: number) => void;
}

type Drawn = { id: number; ring: Array<[number, number]>[] };

/**
 * The organisation's parcels as vector tiles (`GET …/tiles/{z}/{x}/{y}.mvt`, layer `parcels`), drawn on a canvas per
 * tile and filled by condition class. A Leaflet GridLayer of our own because the tiles need the Bearer token
 * (Leaflet's and protomaps-leaflet's loaders fetch plain URLs); decoding is @mapbox/vector-tile's. A click on a tile
 * finds the parcel under the pointer (point in ring, on the tile's own coordinates).
 */
export const ConditionTiles = L.GridLayer.extend({
  initialize(this: L.GridLayer & { _drawn: Map<string, Drawn[]> }, options: ConditionTilesOptions) {
    L.setOptions(this, { ...options, tileSize: 256 });
    this._drawn = new Map();
  },

  createTile(
    this: L.GridLayer & { options: ConditionTilesOptions; _drawn: Map<string, Drawn[]> },
    coords: L.Coords,
    done: L.DoneCallback,
  ) {
    const canvas = document.createElement('canvas');
    const size = this.getTileSize();
    const ratio = window.devicePixelRatio || 1;
    canvas.width = size.x * ratio;
    canvas.height = size.y * ratio;
    const token = getToken();
    const key = `${coords.z}/${coords.x}/${coords.y}`;
    fetch(`${API_BASE}${this.options.path}/${key}.mvt${this.options.query}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`tile ${key}: ${response.status}`);
        const tile = new VectorTile(new PbfReader(new Uint8Array(await response.arrayBuffer())));
        const layer = tile.layers.parcels;
        const ctx = canvas.getContext('2d');
        const drawn: Drawn[] = [];
        if (layer && ctx) {
          const scale = (size.x * ratio) / layer.extent;
          for (let i = 0; i < layer.length; i++) {
            const feature = layer.feature(i);
            const klass = (feature.properties.class as keyof typeof CONDITION_COLORS | undefined) ?? 'none';
            const color = CONDITION_COLORS[klass] ?? CONDITION_COLORS.none;
            const rings = feature
              .loadGeometry()
              .map((ring) => ring.map((p) => [p.x * scale, p.y * scale] as [number, number]));
            ctx.beginPath();
            for (const ring of rings) {
              ring.forEach(([x, y], j) => (j === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
              ctx.closePath();
            }
            ctx.fillStyle = `${color}99`;
            ctx.fill('evenodd');
            ctx.lineWidth = Math.max(1, ratio);
            ctx.strokeStyle = color;
            ctx.stroke();
            drawn.push({ id: Number(feature.properties.id ?? feature.id), ring: rings });
          }
        }
        this._drawn.set(key, drawn);
        done(undefined, canvas);
      })
      .catch((error: unknown) => done(error instanceof Error ? error : new Error(String(error)), canvas));
    return canvas;
  },

  /** The parcel drawn under a map point, if any. */
  parcelAt(this: L.GridLayer & { _map: L.Map; _drawn: Map<string, Drawn[]> }, latlng: L.LatLng): number | undefined {
    const z = Math.round(this._map.getZoom());
    const point = this._map.project(latlng, z);
    const size = this.getTileSize();
    const x = Math.floor(point.x / size.x);
    const y = Math.floor(point.y / size.y);
    const ratio = window.devicePixelRatio || 1;
    const px = (point.x - x * size.x) * ratio;
    const py = (point.y - y * size.y) * ratio;
    for (const d of this._drawn.get(`${z}/${x}/${y}`) ?? []) {
      let inside = false;
      for (const ring of d.ring)
        for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
          const [xi, yi] = ring[i]!;
          const [xj, yj] = ring[j]!;
          if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
        }
      if (inside) return d.id;
    }
    return undefined;
  },
}) as unknown as new (
  options: ConditionTilesOptions,
) => L.GridLayer & { parcelAt(latlng: L.LatLng): number | undefined };
