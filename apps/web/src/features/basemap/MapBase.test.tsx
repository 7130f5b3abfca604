import { act, render, screen, waitFor } from '@testing-library/react';
import L from 'leaflet';
import { MapContainer, useMap } from 'react-leaflet';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { loadBasemap } from './basemapData.ts';
import { MapBase, TRANSPARENT_TILE, type BaseTiles } from './MapBase.tsx';

const TILE = { url: 'https://tiles.example.invalid/{z}/{y}/{x}.png' };

function Grab({ onMap }: { onMap: (map: L.Map) => void }) {
  onMap(useMap());
  return null;
}

function renderMap(tiles: BaseTiles[], zoom = 8) {
  let map: L.Map | null = null;
  const view = render(
    <div style={{ width: 390, height: 400 }}>
      <MapContainer center={[36.6, 3]} zoom={zoom} style={{ width: 390, height: 400 }}>
        <MapBase tiles={tiles} />
        <Grab onMap={(m) => (map = m)} />
      </MapContainer>
    </div>,
  );
  return { ...view, map: () => map! };
}

function tileLayerOf(map: L.Map): L.TileLayer {
  let found: L.TileLayer | null = null;
  map.eachLayer((layer) => {
    if (layer instanceof L.TileLayer) found = layer;
  });
  if (!found) throw new Error('no tile layer');
  return found;
}

const labels = (container: HTMLElement) =>
  [...container.querySelectorAll('.filaha-seat-label')].map((el) => el.textContent);

/** Even-odd ray casting over every ring of the outline. */
function inside(lng: number, lat: number, rings: number[][][]): boolean {
  let result = false;
  for (const ring of rings)
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi! > lat !== yj! > lat && lng < ((xj! - xi!) * (lat - yi!)) / (yj! - yi!) + xi!) result = !result;
    }
  return result;
}

describe('fallback base map', () => {
  it('bundles Algeria and its 58 wilaya seats, named in both languages, every seat inside the outline', async () => {
    const data = await loadBasemap();
    expect(data.seats).toHaveLength(58);
    expect(new Set(data.seats.map((s) => s.code)).size).toBe(58);
    const geometry = data.outline.geometry;
    const rings = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates).flat();
    // A coastal seat may sit just off a 1:10m coastline: within ~5 km of the outline counts.
    const near = (lng: number, lat: number) =>
      [0, 0.05, -0.05].some((dx) => [0, 0.05, -0.05].some((dy) => inside(lng + dx, lat + dy, rings)));
    const outside = data.seats.filter((s) => !near(s.lng, s.lat)).map((s) => s.fr);
    // And a seat is where its wilaya is: swapped or shifted coordinates would land elsewhere.
    expect(data.seats.filter((s) => inside(s.lng, s.lat, rings)).length).toBeGreaterThanOrEqual(55);
    expect(outside).toEqual([]);
    expect(data.seats.find((s) => s.code === 16)).toMatchObject({ fr: 'Alger', ar: 'الجزائر' });
    // The boundaries are a real dataset's 48 wilayas: each of the 48 seats of that division (codes 1–48) lies
    // in exactly one of them, and each of them holds exactly one such seat.
    expect(data.boundaries?.features).toHaveLength(48);
    const polygons = data.boundaries!.features.map((f) =>
      (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates).flat(),
    );
    const seats48 = data.seats.filter((s) => s.code <= 48);
    const holders = seats48.map((s) => polygons.filter((p) => inside(s.lng, s.lat, p)).length);
    expect(holders.filter((n) => n !== 1).length).toBeLessThanOrEqual(2); // two coastal seats may sit off a 1:10m coast
    const held = polygons.map((p) => seats48.filter((s) => inside(s.lng, s.lat, p)).length);
    expect(held.filter((n) => n > 1)).toEqual([]);
    expect(held.filter((n) => n === 1).length).toBeGreaterThanOrEqual(46);
    expect(data.boundaries!.attribution).toBe('Natural Earth');
  });

  it('in Arabic: with no tile layer, draws the outline and the seats in Arabic, and says so in Arabic', async () => {
    await i18n.changeLanguage('ar');
    const { container } = renderMap([]);
    await waitFor(() => expect(labels(container)).toContain('الجزائر'));
    expect(labels(container)).toHaveLength(58);
    expect(labels(container)).not.toContain('Alger');
    expect(container.querySelector('.leaflet-filaha-fallback-pane path.filaha-basemap-outline')).not.toBeNull();
    const notice = screen.getByTestId('basemap-notice');
    expect(notice.textContent).toBe('خلفية الخريطة غير متاحة — القطع الأرضية والنتائج تبقى دقيقة');
    expect(notice.getAttribute('dir')).toBe('rtl');
  });

  it('in French: no notice while tiles work; a failed tile is hidden and the notice shows; a clean reload clears it', async () => {
    await i18n.changeLanguage('fr');
    const { container, map } = renderMap([TILE]);
    await waitFor(() => expect(labels(container)).toContain('Alger'));
    expect(labels(container)).not.toContain('الجزائر');
    expect(screen.queryByTestId('basemap-notice')).toBeNull();

    const layer = tileLayerOf(map());
    expect(layer.options.errorTileUrl).toBe(TRANSPARENT_TILE);
    // No option given is no option set: Leaflet keeps its own maxZoom (an undefined one loads endless tiles).
    expect(layer.options.maxZoom).toBe(18);
    const tile = document.createElement('img');
    act(() => {
      layer.fire('loading');
      layer.fire('tileerror', { tile, coords: { x: 0, y: 0, z: 8 }, error: new Error('blocked') });
    });
    expect(screen.getByTestId('basemap-notice').textContent).toBe(
      'Fond de carte indisponible — les parcelles et les résultats restent exacts',
    );
    expect(screen.getByTestId('basemap-notice').getAttribute('dir')).toBe('ltr');
    expect(tile.style.visibility).toBe('hidden');
    act(() => layer.fire('load'));
    expect(screen.queryByTestId('basemap-notice')).not.toBeNull();

    act(() => {
      layer.fire('loading');
      layer.fire('load');
    });
    expect(screen.queryByTestId('basemap-notice')).toBeNull();
  });

  it('says so when the device goes offline, and not once it is back online', async () => {
    await i18n.changeLanguage('fr');
    renderMap([TILE]);
    expect(screen.queryByTestId('basemap-notice')).toBeNull();
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByTestId('basemap-notice').textContent).toMatch(/^Fond de carte indisponible/);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByTestId('basemap-notice')).toBeNull();
  });

  it('hides the seat names when zoomed out on the whole country', async () => {
    await i18n.changeLanguage('ar');
    const { container, map } = renderMap([], 5);
    await waitFor(() => expect(labels(container)).toHaveLength(58));
    expect(map().getContainer().classList.contains('filaha-seat-labels-hidden')).toBe(true);
    act(() => {
      map().setZoom(9, { animate: false });
    });
    expect(map().getContainer().classList.contains('filaha-seat-labels-hidden')).toBe(false);
  });
});
