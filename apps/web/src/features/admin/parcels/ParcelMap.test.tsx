import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { renderAdmin } from '../testing.tsx';
import { ParcelMap } from './ParcelMap.tsx';

/** The map's own controls speak the page's language (issue 13 §5: aria labels of map controls). */
describe('admin parcel map controls', () => {
  for (const [lang, zoomIn, zoomOut] of [
    ['fr', 'Zoom avant', 'Zoom arrière'],
    ['ar', 'تكبير', 'تصغير'],
  ] as const) {
    it(`names the zoom buttons in ${lang}`, async () => {
      await i18n.changeLanguage(lang);
      const { container } = renderAdmin(
        <ParcelMap
          parcels={[]}
          ownerId={null}
          focusId={null}
          focusKey={0}
          draft={null}
          drawing={false}
          onDrawn={() => {}}
          onDrawCancel={() => {}}
          label="map"
        />,
      );
      await waitFor(() => expect(container.querySelector('.leaflet-control-zoom-in')).not.toBeNull());
      const zoomInButton = container.querySelector('.leaflet-control-zoom-in')!;
      const zoomOutButton = container.querySelector('.leaflet-control-zoom-out')!;
      expect(zoomInButton.getAttribute('title')).toBe(zoomIn);
      expect(zoomInButton.getAttribute('aria-label')).toBe(zoomIn);
      expect(zoomOutButton.getAttribute('title')).toBe(zoomOut);
      expect(container.textContent).not.toMatch(/Zoom in|Zoom out/);
    });
  }
});
