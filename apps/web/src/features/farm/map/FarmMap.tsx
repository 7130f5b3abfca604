import 'leaflet/dist/leaflet.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageOverlay, MapContainer, Polygon, TileLayer, ZoomControl, useMap, useMapEvents } from 'react-leaflet';
import type { Bounds, Parcel } from '../farmApi.ts';
import { asLang, formatNumber } from '../format.ts';
import { valueAt, type ValuesGrid } from '../valuesGrid.ts';
import { MAP_DEFAULTS, TILES, ringLatLngs, type MapView } from './mapConfig.ts';

export interface MapOverlay {
  url: string;
  bounds: Bounds;
  opacity: number;
}

interface FarmMapProps {
  parcels: readonly Parcel[];
  selectedId: number | null;
  onSelect?: (id: number) => void;
  overlay: MapOverlay | null;
  /** Raw values of the overlay, for the value under the cursor. */
  grid: ValuesGrid | null;
  tooltip: boolean;
  /** Index code shown in the tooltip (NDVI…). */
  indexCode: string;
  view: MapView | null;
  /** Accessible name of the map region. */
  label: string;
  heightClass?: string;
}

interface Hover {
  x: number;
  y: number;
  lat: number;
  lng: number;
  value: number;
}

/** Applies the requested view whenever its key changes. */
function ViewController({ view }: { view: MapView | null }) {
  const map = useMap();
  useEffect(() => {
    if (!view) return;
    if (view.kind === 'center') map.setView(view.center, view.zoom, { animate: false });
    else
      map.fitBounds(view.bounds, {
        maxZoom: view.maxZoom ?? MAP_DEFAULTS.resultZoom,
        animate: false,
        padding: [24, 24],
      });
    // Only the key says "move again"; the rest of the object is re-created on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, view?.key]);
  return null;
}

/** Reads the REAL index value under the cursor from the values grid; nothing where the pixel is masked. */
function HoverProbe({ grid, onHover }: { grid: ValuesGrid | null; onHover: (h: Hover | null) => void }) {
  useMapEvents({
    mousemove(e) {
      const value = grid ? valueAt(grid, e.latlng.lng, e.latlng.lat) : null;
      onHover(
        value === null
          ? null
          : { x: e.containerPoint.x, y: e.containerPoint.y, lat: e.latlng.lat, lng: e.latlng.lng, value },
      );
    },
    mouseout() {
      onHover(null);
    },
  });
  return null;
}

/**
 * The farm map (SPEC §9): satellite base and labels, every parcel drawn (the selected one outlined red 3 px),
 * the index image as an overlay, and the value under the cursor. The container stays `dir="ltr"`: Leaflet
 * positions tiles and controls in left/top pixels, which an RTL page would otherwise mirror.
 */
export function FarmMap(props: FarmMapProps) {
  const { parcels, selectedId, onSelect, overlay, grid, tooltip, indexCode, view, label } = props;
  const { t, i18n } = useTranslation('farm');
  const lang = asLang(i18n.language);
  const [hover, setHover] = useState<Hover | null>(null);
  const showTooltip = tooltip && overlay !== null && hover !== null;

  // A new result or a switched-off tooltip must not leave the last value hanging over the map.
  useEffect(() => setHover(null), [grid, tooltip]);

  return (
    <div
      dir="ltr"
      role="region"
      aria-label={label}
      className={`relative isolate overflow-hidden rounded-xl border border-stone-300 bg-stone-300 ${props.heightClass ?? 'h-[420px] md:h-[700px]'}`}
    >
      <MapContainer
        center={MAP_DEFAULTS.center}
        zoom={MAP_DEFAULTS.zoom}
        zoomSnap={MAP_DEFAULTS.zoomStep}
        zoomDelta={MAP_DEFAULTS.zoomStep}
        zoomControl={false}
        className="size-full bg-stone-300"
      >
        {TILES.satellite ? <TileLayer url={TILES.satellite} attribution="Esri, Maxar, Earthstar Geographics" /> : null}
        {TILES.labels ? <TileLayer url={TILES.labels} /> : null}
        <ZoomControl position="topleft" zoomInTitle={t('map.zoomIn')} zoomOutTitle={t('map.zoomOut')} />
        {overlay ? (
          <ImageOverlay
            url={overlay.url}
            bounds={overlay.bounds}
            opacity={overlay.opacity}
            className="farm-overlay"
            zIndex={10}
          />
        ) : null}
        {parcels.map((parcel) => {
          const selected = parcel.id === selectedId;
          return (
            <Polygon
              key={`${parcel.id}-${selected ? 's' : 'n'}`}
              positions={ringLatLngs(parcel)}
              // A Leaflet class is only read when the path is created (the key re-creates it on selection).
              className={`farm-parcel farm-parcel-${parcel.id}${selected ? ' farm-parcel-selected' : ''}`}
              pathOptions={{
                color: selected ? MAP_DEFAULTS.selectedColor : '#fde047',
                weight: selected ? MAP_DEFAULTS.selectedWeight : 2,
                fillOpacity: overlay && selected ? 0 : 0.12,
              }}
              eventHandlers={onSelect ? { click: () => onSelect(parcel.id) } : undefined}
            />
          );
        })}
        <ViewController view={view} />
        <HoverProbe grid={tooltip ? grid : null} onHover={setHover} />
      </MapContainer>
      {showTooltip ? (
        <div
          data-testid="farm-value-tooltip"
          data-value={hover.value}
          data-lat={hover.lat}
          data-lng={hover.lng}
          className="pointer-events-none absolute z-[1000] rounded-md bg-stone-900/90 px-2 py-1 text-xs font-semibold text-white shadow"
          style={{ left: hover.x + 14, top: hover.y + 14 }}
          dir={lang === 'ar' ? 'rtl' : 'ltr'}
        >
          {t('map.valueAt', { index: indexCode, value: formatNumber(hover.value, lang, 3) })}
        </div>
      ) : null}
    </div>
  );
}
