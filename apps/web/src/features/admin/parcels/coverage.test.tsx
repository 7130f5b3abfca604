import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEMO_AREA, type PolygonInput } from '@filaha/shared';
import { json, stubApi } from '../../../../test/fetch.ts';
import { i18n } from '../../../i18n/index.ts';
import { renderAdmin } from '../testing.tsx';
import { DEMO_BOX, densestArea, insideCoverage, type Coverage } from './coverage.ts';
import { NewParcelFormHarness } from './testing.tsx';

const COVERAGE: Coverage = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { source: 'items', name: 'S2B_31SDA_20250816_0_L2A' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [DEMO_AREA.west, DEMO_AREA.south],
            [DEMO_AREA.east, DEMO_AREA.south],
            [DEMO_AREA.east, DEMO_AREA.north],
            [DEMO_AREA.west, DEMO_AREA.north],
            [DEMO_AREA.west, DEMO_AREA.south],
          ],
        ],
      },
    },
  ],
};

/** Fills the four bounds (one change event each: what the form reads, without typing key by key). */
function typeBounds(bounds: Record<'bWS' | 'bWN' | 'bES' | 'bEN', string>) {
  for (const [k, v] of Object.entries(bounds)) {
    fireEvent.change(screen.getByLabelText(new RegExp(`^${k} —`)), { target: { value: v } });
  }
}

describe('admin parcel map: where it opens', () => {
  const box = (w: number, s: number, d = 0.002) => ({ bWS: w, bWN: w + d, bES: s, bEN: s + d });

  it('frames the 0.1° cell holding the most parcels', () => {
    const mitidja = [box(2.97, 36.6), box(2.98, 36.61), box(2.99, 36.62)];
    const oran = [box(-0.63, 35.7), box(-0.62, 35.71)];
    expect(densestArea([...oran, ...mitidja])).toEqual([
      [36.6, 2.97],
      [36.622, 2.992],
    ]);
  });

  it('has nothing to frame without parcels (the page then opens on the demo area)', () => {
    expect(densestArea([])).toBeNull();
    expect(DEMO_BOX).toEqual([
      [DEMO_AREA.south, DEMO_AREA.west],
      [DEMO_AREA.north, DEMO_AREA.east],
    ]);
  });
});

describe('new parcel outside the imagery coverage', () => {
  it('meets the coverage or not', () => {
    const square = (w: number, s: number): PolygonInput => ({
      type: 'Polygon',
      coordinates: [
        [
          [w, s],
          [w + 0.01, s],
          [w + 0.01, s + 0.01],
          [w, s + 0.01],
          [w, s],
        ],
      ],
    });
    expect(insideCoverage(square(2.98, 36.6), COVERAGE)).toBe(true);
    expect(insideCoverage(square(-0.63, 35.7), COVERAGE)).toBe(false);
  });

  it('says so before saving, in French, and not for a parcel inside', async () => {
    stubApi({ 'GET /api/images/coverage': () => json(200, COVERAGE) });
    await i18n.changeLanguage('fr');
    renderAdmin(<NewParcelFormHarness />);
    await screen.findByLabelText('Nom de la parcelle');
    typeBounds({ bWS: '-0.63', bWN: '-0.62', bES: '35.7', bEN: '35.71' });
    expect((await screen.findByTestId('parcel-outside-coverage')).textContent).toBe(
      "Hors de la couverture du catalogue d'images : aucune image satellite ne pourra être calculée pour cette parcelle.",
    );
    typeBounds({ bWS: '2.97', bWN: '2.98', bES: '36.6', bEN: '36.61' });
    await waitFor(() => expect(screen.queryByTestId('parcel-outside-coverage')).toBeNull());
  });

  it('in Arabic', async () => {
    stubApi({ 'GET /api/images/coverage': () => json(200, COVERAGE) });
    await i18n.changeLanguage('ar');
    renderAdmin(<NewParcelFormHarness />);
    await screen.findByTestId('parcel-area');
    typeBounds({ bWS: '-0.63', bWN: '-0.62', bES: '35.7', bEN: '35.71' });
    expect((await screen.findByTestId('parcel-outside-coverage')).textContent).toBe(
      'خارج تغطية كتالوج الصور: لن يمكن حساب أي صورة قمر صناعي لهذه القطعة الأرضية.',
    );
  });
});
