import 'leaflet/dist/leaflet.css';
import type { LeafletMouseEvent, Map as LeafletMap } from 'leaflet';
import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageOverlay, MapContainer, Polygon, ZoomControl, useMap, useMapEvents } from 'react-leaflet';
import { MapBase } from '../../basemap/MapBase.tsx';
import type { Bounds, Parcel } from '../farmApi.ts';
import { asLang, formatNumber } from '../format.ts';
import { valueAt, type ValuesGrid } from '../valuesGrid.ts';
import { FarmMapFrame } from './FarmMapFrame.tsx';
import { BASE_TILES, MAP_DEFAULTS, ringLatLngs, type MapView } from './mapConfig.ts';

export interface MapOverlay {
  url: string;
  bounds: Bounds;
  opacity: number;
}

export interface FarmMapProps {
  parcels: readonly Parcel[];
  selectedId: number | null;
  onSelect?: (id: number) => void;
  overlay: MapOverlay | null;
  /** Raw values of the overlay, for the value under the cursor. */
  grid: ValuesGrid | null;
  tooltip: boolean;
  /** Index code shown in the tooltip (NDVI…). */
  indexCode: string;
  /** The colour class of a value (its swatch as drawn on the map, and its meaning), for the tooltip. */
  describe?: (value: number) => { color: string; label: string } | null;
  view: MapView | null;
  /** Accessible name of the map region. */
  label: string;
  heightClass?: string;
}

interface Hover {
  x: number;
  y: number;
  /** The map's size, to keep the tooltip inside it. */
  width: number;
  height: number;
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

/**
 * Reads the REAL index value under the cursor from the values grid; nothing where the pixel is masked. A tap
 * (click) or a long press (contextmenu) reads it too, so a finger gets the value a mouse gets by hovering.
 */
function HoverProbe({ grid, onHover }: { grid: ValuesGrid | null; onHover: (h: Hover | null) => void }) {
  const probe = (e: LeafletMouseEvent) => {
    const value = grid ? valueAt(grid, e.latlng.lng, e.latlng.lat) : null;
    const size = (e.target as LeafletMap | undefined)?.getSize?.();
    onHover(
      value === null
        ? null
        : {
            x: e.containerPoint.x,
            y: e.containerPoint.y,
            width: size?.x ?? 0,
            height: size?.y ?? 0,
            lat: e.latlng.lat,
            lng: e.latlng.lng,
            value,
          },
    );
  };
  useMapEvents({
    mousemove: probe,
    click: probe,
    contextmenu(e) {
      // A long press on a phone: the value, not the browser's menu.
      e.originalEvent.preventDefault();
      probe(e);
    },
    mouseout() {
      onHover(null);
    },
  });
  return null;
}

/** Tooltip placement: beside the point, on the side with room, so it never leaves the map on a phone. */
function tooltipPlace(h: Hover): CSSProperties {
  const gap = 14;
  const right = h.width > 0 && h.x > h.width / 2;
  const below = !(h.height > 0 && h.y > h.height / 2);
  return {
    ...(right ? { right: h.width - h.x + gap } : { left: h.x + gap }),
    ...(below ? { top: h.y + gap } : { bottom: h.height - h.y + gap }),
    maxWidth: 'min(16rem, 80%)',
  };
}

/**
 * The farm map (SPEC §9): satellite base and labels, every parcel drawn (the selected one outlined red 3 px),
 * the index image as an overlay, and the value under the cursor. The container stays `dir="ltr"`: Leaflet
 * positions tiles and controls in left/top pixels, which an RTL page would otherwise mirror.
 */
export function FarmMap(props: FarmMapProps) {
  return (
    <FarmMapFrame label={props.label} heightClass={props.heightClass}>
      <FarmMapContent {...props} />
    </FarmMapFrame>
  );
}

/** What the frame holds: the Leaflet map and the value tooltip (map/LazyFarmMap.tsx loads it on its own). */
export function FarmMapContent(props: FarmMapProps) {
  const { parcels, selectedId, onSelect, overlay, grid, tooltip, indexCode, view, describe } = props;
  const { t, i18n } = useTranslation('farm');
  const lang = asLang(i18n.language);
  const [hover, setHover] = useState<Hover | null>(null);
  const showTooltip = tooltip && overlay !== null && hover !== null;

  // A new result or a switched-off tooltip must not leave the last value hanging over the map.
  useEffect(() => setHover(null), [grid, tooltip]);

  return (
    <>
      <MapContainer
        center={MAP_DEFAULTS.center}
        zoom={MAP_DEFAULTS.zoom}
        zoomSnap={MAP_DEFAULTS.zoomStep}
        zoomDelta={MAP_DEFAULTS.zoomStep}
        zoomControl={false}
        className="size-full bg-stone-300"
      >
        <MapBase tiles={BASE_TILES} />
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
              // Tapping the selected parcel reads a value; it does not select it again (which clears the result).
              eventHandlers={onSelect && !selected ? { click: () => onSelect(parcel.id) } : undefined}
            />
          );
        })}
        <ViewController view={view} />
        <HoverProbe grid={tooltip ? grid : null} onHover={setHover} />
      </MapContainer>
      {showTooltip ? (
        <ValueTooltip hover={hover} place={tooltipPlace(hover)} lang={lang} describe={describe}>
          {t('map.valueAt', { index: indexCode, value: formatNumber(hover.value, lang, 3) })}
        </ValueTooltip>
      ) : null}
    </>
  );
}

function ValueTooltip(props: {
  hover: Hover;
  place: CSSProperties;
  lang: string;
  describe?: (value: number) => { color: string; label: string } | null;
  children: ReactNode;
}) {
  const { hover, place, lang } = props;
  const described = props.describe?.(hover.value) ?? null;
  return (
    <div
      role="status"
      data-testid="farm-value-tooltip"
      data-value={hover.value}
      data-lat={hover.lat}
      data-lng={hover.lng}
      className="pointer-events-none absolute z-[1000] rounded-md bg-stone-900/90 px-2 py-1 text-xs font-semibold text-white shadow"
      style={place}
      dir={lang === 'ar' ? 'rtl' : 'ltr'}
    >
      <span className="flex items-center gap-1.5">
        {described ? (
          <span
            aria-hidden="true"
            data-testid="farm-value-swatch"
            className="inline-block size-3 shrink-0 rounded-sm border border-white/70"
            style={{ backgroundColor: described.color }}
          />
        ) : null}
        <span className="tabular-nums">{props.children}</span>
      </span>
      {described ? <span className="block font-normal">{described.label}</span> : null}
    </div>
  );
}
