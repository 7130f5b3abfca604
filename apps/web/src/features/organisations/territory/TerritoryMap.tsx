import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { MapContainer, ZoomControl, useMap } from 'react-leaflet';
import { MapBase, type BaseTiles } from '../../basemap/MapBase.tsx';
import { TILE_URLS } from '../../basemap/tiles.ts';
import { ConditionTiles } from './ConditionTiles.ts';

const BASE_TILES: BaseTiles[] = [TILE_URLS.satellite, TILE_URLS.labels].flatMap((url) =>
  url ? [{ url, maxZoom: 19 }] : [],
);

function Tiles({ path, query, onPick }: { path: string; query: string; onPick: (id: number) => void }) {
  const map = useMap();
  const pick = useRef(onPick);
  pick.current = onPick;
  useEffect(() => {
    const layer = new ConditionTiles({ path, query, maxZoom: 19, minZoom: 5 });
    layer.addTo(map);
    const click = (e: L.LeafletMouseEvent) => {
      const id = layer.parcelAt(e.latlng);
      if (id !== undefined) pick.current(id);
    };
    map.on('click', click);
    return () => {
      map.off('click', click);
      layer.remove();
    };
  }, [map, path, query]);
  return null;
}

function Frame({ extent }: { extent: [number, number, number, number] | null }) {
  const map = useMap();
  const key = extent?.join(',');
  useEffect(() => {
    if (!extent) return;
    map.fitBounds(
      [
        [extent[1], extent[0]],
        [extent[3], extent[2]],
      ],
      { padding: [16, 16], maxZoom: 15, animate: false },
    );
    // Framed again only when the parcels shown change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}

/**
 * The territory map (issue 30 §3): the organisation's parcels from its vector tiles, filled by condition class, over
 * the app's base (the bundled wilayas when the internet tiles fail). A tap on a parcel opens it (`onPick`).
 */
export function TerritoryMap({
  organisationId,
  query,
  extent,
  label,
  onPick,
}: {
  organisationId: number;
  query: string;
  extent: [number, number, number, number] | null;
  label: string;
  onPick: (id: number) => void;
}) {
  return (
    <div
      className="h-[26rem] overflow-hidden rounded-xl border border-stone-300 sm:h-[32rem]"
      data-testid="territory-map"
    >
      <MapContainer
        center={[36.6, 3.0]}
        zoom={9}
        zoomControl={false}
        className="h-full w-full"
        attributionControl
        aria-label={label}
      >
        <MapBase tiles={BASE_TILES} />
        <ZoomControl position="topright" />
        <Tiles path={`/organisations/${organisationId}/tiles`} query={query} onPick={onPick} />
        <Frame extent={extent} />
      </MapContainer>
    </div>
  );
}
