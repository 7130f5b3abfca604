import 'leaflet/dist/leaflet.css';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import L from 'leaflet';
// Geoman extends the global `L` that Leaflet's build sets, so it must load after it (import order).
import '@geoman-io/leaflet-geoman-free';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Feature, FeatureCollection, MultiPolygon, Polygon as GeoPolygon, Position } from 'geojson';
import { GeoJSON, MapContainer, Polygon, Tooltip, ZoomControl, useMap } from 'react-leaflet';
import { MapBase } from '../../basemap/MapBase.tsx';
import type { PolygonInput } from '@filaha/shared';
import type { Parcel } from '../types.ts';
import type { Coverage, LatLngBox } from './coverage.ts';
import { centerOf, polygonFromDrawn, toLatLngs } from './geometry.ts';
import { ADMIN_BASE_TILES, ADMIN_MAP } from './mapConfig.ts';

export interface ParcelMapProps {
  parcels: readonly Parcel[];
  /** The farmer whose parcels are shown: when it changes, the map frames all their parcels once. */
  ownerId: number | null;
  focusId: number | null;
  /** Bumped on each 'Voir sur carte', so asking for the same parcel twice still moves the map. */
  focusKey: number;
  draft: PolygonInput | null;
  drawing: boolean;
  onDrawn: (polygon: PolygonInput) => void;
  onDrawCancel: () => void;
  label: string;
  /** Where the map opens before a farmer is chosen: the area with the most parcels, or the demo area. */
  home?: LatLngBox | null;
  /** The imagery catalog's footprint, drawn dashed so a parcel is drawn where images exist. */
  coverage?: Coverage | null;
  /** Every other farmer's parcels, drawn faintly: the map is never an empty spot. */
  others?: readonly Parcel[];
}

/** Frames a newly chosen farmer's parcels once, centres the focused parcel at zoom 15, shows the whole draft. */
function View({
  parcels,
  ownerId,
  parcel,
  focusKey,
  draft,
  home,
}: {
  parcels: readonly Parcel[];
  ownerId: number | null;
  parcel: Parcel | undefined;
  focusKey: number;
  draft: PolygonInput | null;
  home: LatLngBox | null;
}) {
  const map = useMap();
  const framed = useRef<number | null>(null);
  const homed = useRef(false);
  useEffect(() => {
    // Once, and only while nothing else has framed the map (a chosen farmer, a focused parcel, a draft).
    if (!home || homed.current || framed.current !== null) return;
    homed.current = true;
    map.fitBounds(home, { maxZoom: ADMIN_MAP.homeMaxZoom, padding: [24, 24], animate: false });
  }, [map, home]);
  useEffect(() => {
    if (ownerId === null || framed.current === ownerId || parcels.length === 0) return;
    framed.current = ownerId;
    const bounds = L.latLngBounds(parcels.flatMap((p) => [L.latLng(p.bES, p.bWS), L.latLng(p.bEN, p.bWN)]));
    map.fitBounds(bounds, { maxZoom: ADMIN_MAP.focusZoom, padding: [24, 24], animate: false });
  }, [map, ownerId, parcels]);
  useEffect(() => {
    if (parcel) map.setView(centerOf(parcel), ADMIN_MAP.focusZoom, { animate: false });
    // Only a new request moves the map, not every re-render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, focusKey]);
  useEffect(() => {
    if (!draft) return;
    const bounds = L.latLngBounds(toLatLngs(draft)[0] ?? []);
    if (bounds.isValid() && !map.getBounds().contains(bounds))
      map.fitBounds(bounds, { maxZoom: ADMIN_MAP.focusZoom, animate: false });
  }, [map, draft]);
  return null;
}

/** Geoman's polygon tool (polygon only, SPEC §5), with its hints in the page's language. */
function Draw({ drawing, onDrawn, onDrawCancel }: Pick<ParcelMapProps, 'drawing' | 'onDrawn' | 'onDrawCancel'>) {
  const map = useMap();
  const { t, i18n } = useTranslation('admin');
  const handlers = useRef({ onDrawn, onDrawCancel });
  useEffect(() => {
    handlers.current = { onDrawn, onDrawCancel };
  }, [onDrawn, onDrawCancel]);

  useEffect(() => {
    map.pm.setLang(i18n.language === 'fr' ? 'fr' : 'en', {
      tooltips: {
        firstVertex: t('parcels.draw.firstVertex'),
        continueLine: t('parcels.draw.continueLine'),
        finishPoly: t('parcels.draw.finishPoly'),
      },
    });
  }, [map, i18n.language, t]);

  useEffect(() => {
    const onCreate = (e: { layer: L.Layer }) => {
      const layer = e.layer as L.Polygon;
      const polygon = polygonFromDrawn(layer.toGeoJSON());
      // The drawn layer is only a sketch: the page keeps the geometry and draws it as the draft.
      map.removeLayer(layer);
      if (polygon) handlers.current.onDrawn(polygon);
      else handlers.current.onDrawCancel();
    };
    map.on('pm:create', onCreate);
    return () => {
      map.off('pm:create', onCreate);
    };
  }, [map]);

  useEffect(() => {
    if (drawing) {
      map.pm.enableDraw('Polygon', {
        snappable: true,
        allowSelfIntersection: false,
        templineStyle: { color: '#dc2626' },
      });
    } else if (map.pm.globalDrawModeEnabled()) {
      map.pm.disableDraw();
    }
  }, [map, drawing]);
  return null;
}

/** The catalog's coverage as Leaflet's GeoJSON layer takes it: the same features, in mutable arrays. */
function coverageLayer(coverage: Coverage): FeatureCollection<GeoPolygon | MultiPolygon> {
  const ring = (positions: ReadonlyArray<readonly number[]>): Position[] => positions.map((p) => [...p]);
  return {
    type: 'FeatureCollection',
    features: coverage.features.map((f): Feature<GeoPolygon | MultiPolygon> => ({
      type: 'Feature',
      properties: { ...f.properties },
      geometry:
        f.geometry.type === 'Polygon'
          ? { type: 'Polygon', coordinates: f.geometry.coordinates.map(ring) }
          : { type: 'MultiPolygon', coordinates: f.geometry.coordinates.map((polygon) => polygon.map(ring)) },
    })),
  };
}

/**
 * The admin parcel map (SPEC §9): the selected farmer's parcels, the new parcel's draft (dashed), and the
 * drawing tool. Tiles are optional: without them the parcels and controls still show on a plain ground.
 * The container is `dir="ltr"` because Leaflet positions everything in left/top pixels.
 */
export function ParcelMap({
  parcels,
  ownerId,
  focusId,
  focusKey,
  draft,
  drawing,
  onDrawn,
  onDrawCancel,
  label,
  home = null,
  coverage = null,
  others = [],
}: ParcelMapProps) {
  const { t } = useTranslation('admin');
  const coverageData = useMemo(() => (coverage ? coverageLayer(coverage) : null), [coverage]);
  const shown = new Set(parcels.map((p) => p.id));
  const focused = parcels.find((p) => p.id === focusId);
  return (
    <div
      dir="ltr"
      role="region"
      aria-label={label}
      data-testid="admin-parcel-map"
      className="overflow-hidden rounded-2xl border border-stone-200 bg-stone-200"
    >
      <MapContainer
        center={ADMIN_MAP.center}
        zoom={ADMIN_MAP.zoom}
        zoomControl={false}
        className="h-[28rem] w-full md:h-[32rem]"
      >
        {/* Leaflet's own buttons say "Zoom in" in English: titled (and so named) in the page's language. */}
        <ZoomControl position="topleft" zoomInTitle={t('parcels.mapZoomIn')} zoomOutTitle={t('parcels.mapZoomOut')} />
        <MapBase tiles={ADMIN_BASE_TILES} />
        {coverageData ? (
          <GeoJSON
            // react-leaflet reads `data` once: a different coverage is a new layer.
            key={coverageData.features.length}
            data={coverageData}
            interactive={false}
            style={{ className: 'admin-coverage', color: '#7dd3fc', weight: 2, dashArray: '8 6', fill: false }}
          />
        ) : null}
        {others
          .filter((p) => !shown.has(p.id))
          .map((p) => (
            <Polygon
              key={`other-${p.id}`}
              positions={toLatLngs(p.geom)}
              interactive={false}
              // A Leaflet class is only read when the path is created.
              className="admin-parcel-other"
              pathOptions={{ color: '#e7e5e4', weight: 1, fillOpacity: 0.1 }}
            />
          ))}
        {parcels.map((p) => (
          <Polygon
            key={p.id}
            positions={toLatLngs(p.geom)}
            pathOptions={{ color: p.id === focusId ? '#dc2626' : '#facc15', weight: 3, fillOpacity: 0.15 }}
          >
            <Tooltip>{p.identifiantU}</Tooltip>
          </Polygon>
        ))}
        {draft ? (
          <Polygon
            positions={toLatLngs(draft)}
            pathOptions={{ color: '#2563eb', weight: 3, dashArray: '6 6', fillOpacity: 0.2 }}
          />
        ) : null}
        <View parcels={parcels} ownerId={ownerId} parcel={focused} focusKey={focusKey} draft={draft} home={home} />
        <Draw drawing={drawing} onDrawn={onDrawn} onDrawCancel={onDrawCancel} />
      </MapContainer>
    </div>
  );
}
