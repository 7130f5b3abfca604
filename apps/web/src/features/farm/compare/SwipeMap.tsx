import 'leaflet/dist/leaflet.css';
import type { Map as LeafletMap } from 'leaflet';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageOverlay, MapContainer, Pane, Polygon, ZoomControl, useMap, useMapEvents } from 'react-leaflet';
import { isRtl } from '../../../i18n/languages.ts';
import { MapBase } from '../../basemap/MapBase.tsx';
import { asLang } from '../format.ts';
import type { Bounds, Parcel } from '../farmApi.ts';
import { BASE_TILES, MAP_DEFAULTS, ringLatLngs } from '../map/mapConfig.ts';

/** Leaflet panes of the two dates' overlays (above the tiles at 200, under the parcel outlines at 400). */
export const BEFORE_PANE = 'compare-before';
export const AFTER_PANE = 'compare-after';

/**
 * Clips the two panes at the divider (`ratio`: its place from the map's left edge): the earlier date on the
 * `beforeSide` of it, the later one on the other side. `clip: rect()`
 * on an absolutely positioned pane takes the pane's own (layer) coordinates, so the clip is recomputed from
 * the container's corners on every move and zoom — what leaflet-side-by-side does, without its dependency.
 */
function SwipeClip({ ratio, beforeSide }: { ratio: number; beforeSide: 'left' | 'right' }) {
  const map = useMap();
  const update = () => {
    const before = map.getPane(BEFORE_PANE);
    const after = map.getPane(AFTER_PANE);
    if (!before || !after) return;
    const size = map.getSize();
    const nw = map.containerPointToLayerPoint([0, 0]);
    const se = map.containerPointToLayerPoint([size.x, size.y]);
    const x = nw.x + size.x * ratio;
    const left = `rect(${nw.y}px, ${x}px, ${se.y}px, ${nw.x}px)`;
    const right = `rect(${nw.y}px, ${se.x}px, ${se.y}px, ${x}px)`;
    before.style.clip = beforeSide === 'left' ? left : right;
    after.style.clip = beforeSide === 'left' ? right : left;
  };
  useMapEvents({ move: update, zoom: update, zoomend: update, resize: update });
  useEffect(update, [map, ratio, beforeSide]);
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
 * The two dates of a comparison on one map with a before/after swipe: before and after in reading order (issue
 * 27 §2), the earlier map left of the divider and the later one right of it in French, the earlier one on the
 * right in Arabic; the range input under the map moves the divider (touch and keyboard). The map stays
 * `dir="ltr"` (Leaflet positions everything in left/top pixels); the labels say which side is which date. The
 * input runs in the page's direction and its value is the share of the map that shows the earlier date, so in
 * both languages its thumb sits on the divider.
 */
export function SwipeMap(props: SwipeMapProps) {
  const { t, i18n } = useTranslation('farm');
  const id = useId();
  const [percent, setPercent] = useState(50);
  const rtl = isRtl(asLang(i18n.language));
  const beforeSide = rtl ? 'right' : 'left';
  // The divider's place from the map's left edge (%).
  const divider = rtl ? 100 - percent : percent;
  const ratio = divider / 100;
  const side = (which: 'left' | 'right') => (which === 'left' ? 'left-2' : 'right-2');
  return (
    <div className="space-y-2" data-testid="compare-swipe" data-before-side={beforeSide}>
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
          <SwipeClip ratio={ratio} beforeSide={beforeSide} />
          <FitBounds bounds={props.bounds} />
        </MapContainer>
        <div
          aria-hidden="true"
          data-testid="compare-divider"
          className="pointer-events-none absolute inset-y-0 z-[500] w-0.5 -translate-x-1/2 bg-white shadow-[0_0_4px_rgba(0,0,0,0.6)]"
          style={{ left: `${divider}%` }}
        />
        <span
          className={`pointer-events-none absolute bottom-9 ${side(beforeSide)} z-[500] rounded bg-stone-900/80 px-2 py-0.5 text-xs font-semibold text-white`}
          data-testid="compare-before-label"
        >
          {props.beforeLabel}
        </span>
        <span
          className={`pointer-events-none absolute bottom-9 ${side(rtl ? 'left' : 'right')} z-[500] rounded bg-stone-900/80 px-2 py-0.5 text-xs font-semibold text-white`}
          data-testid="compare-after-label"
        >
          {props.afterLabel}
        </span>
      </div>
      <label htmlFor={`${id}-swipe`} className="block text-sm font-medium text-stone-800">
        {t('compare.swipe')}
      </label>
      <input
        id={`${id}-swipe`}
        type="range"
        dir={rtl ? 'rtl' : 'ltr'}
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
