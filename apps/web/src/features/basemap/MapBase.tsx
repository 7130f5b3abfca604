import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { TileLayer, useMap } from 'react-leaflet';
import { loadBasemap, type BasemapData } from './basemapData.ts';
import './basemap.css';

export interface BaseTiles {
  url: string;
  attribution?: string;
  maxZoom?: number;
}

/** Under the tile pane (200): covered by working tiles, seen through failed (transparent) ones. */
export const FALLBACK_PANE = 'filaha-fallback';
export const FALLBACK_LABEL_PANE = 'filaha-fallback-labels';
/** Seat names are drawn from this zoom on (below it, 58 names would pile up in the north). */
export const LABEL_MIN_ZOOM = 7;
/** A 1 × 1 transparent GIF: a failed tile shows nothing rather than a broken image. */
export const TRANSPARENT_TILE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

const ATTRIBUTION_OUTLINE = 'Natural Earth';
const ATTRIBUTION_BOUNDARIES = 'geoBoundaries, © OpenStreetMap (ODbL)';

function ensurePane(map: L.Map, name: string, zIndex: number): void {
  if (map.getPane(name)) return;
  const pane = map.createPane(name);
  pane.style.zIndex = String(zIndex);
  pane.style.pointerEvents = 'none';
}

/** Draws the bundled fallback base map (outline, wilaya boundaries when bundled, seats named in `lang`). */
function FallbackLayer({ lang }: { lang: 'ar' | 'fr' }) {
  const map = useMap();
  const [data, setData] = useState<BasemapData | null>(null);

  useEffect(() => {
    let live = true;
    loadBasemap().then(
      (loaded) => {
        if (live) setData(loaded);
      },
      () => undefined, // No fallback map is no worse than before: the parcels still draw.
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!data) return;
    ensurePane(map, FALLBACK_PANE, 150);
    ensurePane(map, FALLBACK_LABEL_PANE, 160);
    const renderer = L.svg({ pane: FALLBACK_PANE });
    const group = L.layerGroup();
    L.geoJSON(data.outline, {
      pane: FALLBACK_PANE,
      renderer,
      interactive: false,
      attribution: ATTRIBUTION_OUTLINE,
      style: {
        className: 'filaha-basemap-outline',
        color: '#e7e5e4',
        weight: 1.5,
        // A dark ground, like the imagery it stands in for: the yellow parcels and the overlays stay legible.
        fillColor: '#4d5a3a',
        fillOpacity: 1,
      },
    } as L.GeoJSONOptions).addTo(group);
    if (data.boundaries)
      L.geoJSON(data.boundaries, {
        pane: FALLBACK_PANE,
        renderer,
        interactive: false,
        attribution: data.boundaries.attribution ?? ATTRIBUTION_BOUNDARIES,
        style: { className: 'filaha-basemap-wilaya', color: '#d6d3d1', weight: 1, fill: false, dashArray: '4 3' },
      } as L.GeoJSONOptions).addTo(group);
    for (const seat of data.seats) {
      const name = lang === 'ar' ? seat.ar : seat.fr;
      const label = document.createElement('span');
      label.className = 'filaha-seat-label';
      label.dir = lang === 'ar' ? 'rtl' : 'ltr';
      label.lang = lang;
      label.textContent = name;
      L.marker([seat.lat, seat.lng], {
        pane: FALLBACK_LABEL_PANE,
        interactive: false,
        keyboard: false,
        icon: L.divIcon({
          className: 'filaha-seat',
          html: `<span class="filaha-seat-dot"></span>${label.outerHTML}`,
          iconSize: [0, 0],
        }),
      }).addTo(group);
    }
    group.addTo(map);
    const container = map.getContainer();
    const syncLabels = () => container.classList.toggle('filaha-seat-labels-hidden', map.getZoom() < LABEL_MIN_ZOOM);
    syncLabels();
    map.on('zoomend', syncLabels);
    return () => {
      map.off('zoomend', syncLabels);
      group.remove();
    };
  }, [map, data, lang]);

  return null;
}

/** The small "no background imagery" notice, inside the map, in the user's language. */
function TilesNotice({ lang }: { lang: 'ar' | 'fr' }) {
  const map = useMap();
  const { t } = useTranslation('common');
  return createPortal(
    <div
      role="status"
      data-testid="basemap-notice"
      dir={lang === 'ar' ? 'rtl' : 'ltr'}
      lang={lang}
      className="pointer-events-none absolute inset-x-14 top-2 z-[1000] mx-auto w-fit max-w-[calc(100%-7rem)] rounded-md bg-stone-900/85 px-2.5 py-1 text-center text-xs leading-snug font-medium text-white shadow"
    >
      {t('basemap.unavailable')}
    </div>,
    map.getContainer(),
  );
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * The map's ground: the configured tile layers over a bundled fallback (Algeria, the wilayas, their seats),
 * which shows through when the tiles fail (offline, blocked, or no tile layer configured), together with a
 * notice that the parcels and results are still exact. A failed tile is hidden, never a broken image.
 */
export function MapBase({ tiles }: { tiles: ReadonlyArray<BaseTiles> }) {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'fr' ? 'fr' : 'ar';
  const [offline, setOffline] = useState(isOffline);
  /** Per tile layer: did its last batch of tiles (or a tile since) fail? */
  const [failed, setFailed] = useState<Record<number, boolean>>({});
  const batchErrors = useRef<number[]>([]);
  const layers = useRef<Array<L.TileLayer | null>>([]);

  useEffect(() => {
    const goOffline = () => setOffline(true);
    const goOnline = () => {
      setOffline(false);
      // Tiles that failed while offline are asked for again.
      for (const layer of layers.current) layer?.redraw();
    };
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);
    return () => {
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
    };
  }, []);

  const markFailed = (i: number, value: boolean) =>
    setFailed((previous) => (previous[i] === value ? previous : { ...previous, [i]: value }));
  const unavailable = offline || tiles.length === 0 || Object.values(failed).some(Boolean);
  return (
    <>
      <FallbackLayer lang={lang} />
      {tiles.map((tile, i) => (
        <TileLayer
          key={tile.url}
          ref={(layer) => {
            layers.current[i] = layer;
          }}
          url={tile.url}
          // Only set options: an explicit `maxZoom: undefined` would override Leaflet's default (18).
          {...(tile.attribution ? { attribution: tile.attribution } : {})}
          {...(tile.maxZoom !== undefined ? { maxZoom: tile.maxZoom } : {})}
          errorTileUrl={TRANSPARENT_TILE}
          className="filaha-tiles"
          eventHandlers={{
            loading: () => {
              batchErrors.current[i] = 0;
            },
            tileerror: (e) => {
              batchErrors.current[i] = (batchErrors.current[i] ?? 0) + 1;
              (e as L.TileErrorEvent).tile.style.visibility = 'hidden';
              markFailed(i, true);
            },
            load: () => markFailed(i, (batchErrors.current[i] ?? 0) > 0),
          }}
        />
      ))}
      {unavailable ? <TilesNotice lang={lang} /> : null}
    </>
  );
}
