import 'leaflet/dist/leaflet.css';
import type { Map as LeafletMap } from 'leaflet';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageOverlay, MapContainer, Pane, Polygon, ZoomControl, useMap, useMapEvents } from 'react-leaflet';
import { MapBase } from '../../basemap/MapBase.tsx';
import type { Bounds, Parcel } from '../farmApi.ts';
import { BASE_TILES, MAP_DEFAULTS, ringLatLngs } from '../map/mapConfig.ts';

/** Leaflet panes of the two dates' overlays (above the tiles at 200, under the parcel outlines at 400). */
export const BEFORE_PANE = 'compare-before';
export const AFTER_PANE = 'compare-after';

/**
 * Clips the two panes at the divider: the earlier date left of it, the later one right of it. `clip: rect()`
 * on an absolutely positioned pane takes the pane's own (layer) coordinates, so the clip is recomputed from
 * the container's corners on every move and zoom — what leaflet-side-by-side does, without its dependency.
 */
function SwipeClip({ ratio }: { ratio: number }) {
  const map = useMap();
  const update = () => {
    const before = map.getPane(BEFORE_PANE);
    const after = map.getPane(AFTER_PANE);
    if (!before || !after) return;
    const size = map.getSize();
    const nw = map.containerPointToLayerPoint([0, 0]);
    const se = map.containerPointToLayerPoint([size.x, size.y]);
    const x = nw.x + size.x * ratio;
    before.style.clip = `rect(${nw.y}px, ${x}px, ${se.y}px, ${nw.x}px)`;
    after.style.clip = `rect(${nw.y}px, ${se.x}px, ${se.y}px, ${x}px)`;
  };
  useMapEvents({ move: update, zoom: update, zoomend: update, resize: update });
  useEffect(update, [map, ratio]);
  return null;
}

function FitBounds({ bounds }: { bounds: Bounds }) {
  const map = useMap();
  const key = bounds.flat().join(',');
  useEffect(() => {
    map.fitBounds(bounds, { maxZoom: MAP_DEFAULTS.resultZoom + 1, animate: false, padding: [16, 16] });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}

interface SwipeMapProps {
  parcel: Parcel | null;
  bounds: Bounds;
  beforeUrl: string;
  afterUrl: string;
  beforeLabel: string;
  afterLabel: string;
  label: string;
  heightClass?: string;
  onMap?: (map: LeafletMap) => void;
}

/**
 * The two dates of a comparison on one map with a before/after swipe: the earlier map left of the divider, the
 * later one right of it; the range input under the map moves the divider (touch and keyboard). The map stays
 * `dir="ltr"` (Leaflet positions everything in left/top pixels); the labels say which side is which date.
 */
export function SwipeMap(props: SwipeMapProps) {
  const { t } = useTranslation('farm');
  const id = useId();
  const [percent, setPercent] = useState(50);
  const ratio = percent / 100;
  return (
    <div className="space-y-2" data-testid="compare-swipe">
      <div
        dir="ltr"
        role="region"
        aria-label={props.label}
        className={`relative isolate overflow-hidden rounded-xl border border-stone-300 bg-stone-300 ${props.heightClass ?? 'h-[50vh] min-h-[280px] md:h-[520px]'}`}
      >
        <MapContainer
          center={MAP_DEFAULTS.center}
          zoom={MAP_DEFAULTS.zoom}
          zoomSnap={MAP_DEFAULTS.zoomStep}
          zoomDelta={MAP_DEFAULTS.zoomStep}
          zoomControl={false}
          className="size-full bg-stone-300"
          ref={(map) => {
            if (map) props.onMap?.(map);
          }}
        >
          <MapBase tiles={BASE_TILES} />
          <ZoomControl position="topleft" zoomInTitle={t('map.zoomIn')} zoomOutTitle={t('map.zoomOut')} />
          <Pane name={BEFORE_PANE} style={{ zIndex: 350 }}>
            <ImageOverlay url={props.beforeUrl} bounds={props.bounds} opacity={0.9} className="compare-before" />
          </Pane>
          <Pane name={AFTER_PANE} style={{ zIndex: 351 }}>
            <ImageOverlay url={props.afterUrl} bounds={props.bounds} opacity={0.9} className="compare-after" />
          </Pane>
          {props.parcel ? (
            <Polygon
              positions={ringLatLngs(props.parcel)}
              pathOptions={{ color: MAP_DEFAULTS.selectedColor, weight: 2, fillOpacity: 0 }}
              interactive={false}
            />
          ) : null}
          <SwipeClip ratio={ratio} />
          <FitBounds bounds={props.bounds} />
        </MapContainer>
        <div
          aria-hidden="true"
          data-testid="compare-divider"
          className="pointer-events-none absolute inset-y-0 z-[500] w-0.5 -translate-x-1/2 bg-white shadow-[0_0_4px_rgba(0,0,0,0.6)]"
          style={{ left: `${percent}%` }}
        />
        <span className="pointer-events-none absolute bottom-9 left-2 z-[500] rounded bg-stone-900/80 px-2 py-0.5 text-xs font-semibold text-white">
          {props.beforeLabel}
        </span>
        <span className="pointer-events-none absolute right-2 bottom-9 z-[500] rounded bg-stone-900/80 px-2 py-0.5 text-xs font-semibold text-white">
          {props.afterLabel}
        </span>
      </div>
      <label htmlFor={`${id}-swipe`} className="block text-sm font-medium text-stone-800">
        {t('compare.swipe')}
      </label>
      <input
        id={`${id}-swipe`}
        type="range"
        dir="ltr"
        min={0}
        max={100}
        step={1}
        value={percent}
        onChange={(e) => setPercent(Number(e.target.value))}
        aria-valuetext={t('compare.swipeValue', { percent })}
        data-testid="compare-slider"
        className="h-11 w-full accent-brand-800"
      />
    </div>
  );
}
