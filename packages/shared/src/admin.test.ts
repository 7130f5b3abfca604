import { describe, expect, it } from 'vitest';
import {
  LegendInput,
  ParcelForm,
  ParcelInput,
  parsePolygon,
  PlanIndexInput,
  PlanInput,
  rectangleFromBounds,
  rgbColorSchema,
  SellerPlanInput,
  ServiceRequestInput,
  toBilingual,
  toRecommendations,
} from './admin.ts';
import { indexCodeFromName } from './index-names.ts';

const messages = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}:${i.message}`);

describe('rgbColorSchema', () => {
  it('accepts rgb(r, g, b) with channels 0–255 and normalises the spacing', () => {
    expect(rgbColorSchema.parse('rgb(0,128,  255)')).toBe('rgb(0, 128, 255)');
    expect(rgbColorSchema.parse(' rgb( 07, 8, 9 ) ')).toBe('rgb(7, 8, 9)');
  });
  it('rejects other notations and out-of-range channels', () => {
    for (const v of ['#ff0000', 'red', 'rgb(256, 0, 0)', 'rgb(1, 2)', 'rgba(1, 2, 3, 0.5)', 'rgb(-1, 2, 3)']) {
      expect(rgbColorSchema.safeParse(v).success, v).toBe(false);
    }
  });
});

describe('bilingual and recommendation inputs', () => {
  it('reads {ar, fr} objects, their JSON text, or plain text for both languages', () => {
    expect(toBilingual({ ar: 'أ', fr: 'b' })).toEqual({ ar: 'أ', fr: 'b' });
    expect(toBilingual('{"ar":"أ","fr":"b"}')).toEqual({ ar: 'أ', fr: 'b' });
    expect(toBilingual(' texte ')).toEqual({ ar: 'texte', fr: 'texte' });
    expect(toBilingual('{"fr":"only"}')).toEqual({ ar: '{"fr":"only"}', fr: '{"fr":"only"}' });
  });
  it('reads structured recommendations or turns text into one entry', () => {
    const list = [{ range: { ar: 'أ', fr: 'a' }, ar: 'ن', fr: 't' }];
    expect(toRecommendations(JSON.stringify(list))).toEqual(list);
    expect(toRecommendations('Irriguer.')).toEqual([{ range: { ar: '', fr: '' }, ar: 'Irriguer.', fr: 'Irriguer.' }]);
    expect(toRecommendations('  ')).toEqual([]);
  });
  it("derives the index code as the SPEC matches it (no 'Indice', no spaces, upper case)", () => {
    expect(indexCodeFromName('Indice NDVI')).toBe('NDVI');
    expect(indexCodeFromName('indice  nd re')).toBe('NDRE');
    expect(indexCodeFromName('MSAVI')).toBe('MSAVI');
  });
});

describe('admin forms', () => {
  it('PlanInput requires the three SPEC fields', () => {
    expect(messages(PlanInput.safeParse({ nameAbonnement: ' ', nameClient: 'c' }))).toEqual([
      'nameAbonnement:validation.required',
      'prices:validation.required',
    ]);
  });
  it('SellerPlanInput: price and priority required, nbPost optional (empty = unlimited)', () => {
    const ok = SellerPlanInput.parse({
      nameAbonnement: 'a',
      nameClient: 'b',
      price: '5000',
      priority: '1',
      nbPost: '',
    });
    expect(ok).toMatchObject({ price: 5000, priority: 1, nbPost: null });
    expect(
      messages(SellerPlanInput.safeParse({ nameAbonnement: 'a', nameClient: 'b', price: -1, priority: 0 })),
    ).toEqual(['price:validation.price', 'priority:validation.priority']);
  });
  it('LegendInput checks start < end', () => {
    const base = { color: 'rgb(1, 2, 3)', descriptionLeg: 'x', indiceId: 1 };
    expect(messages(LegendInput.safeParse({ ...base, intervalDeb: 0.5, intervalFin: 0.2 }))).toEqual([
      'intervalFin:validation.intervalOrder',
    ]);
    expect(LegendInput.parse({ ...base, intervalDeb: '-1', intervalFin: '0' })).toMatchObject({
      intervalDeb: -1,
      intervalFin: 0,
    });
  });
  it('PlanIndexInput wants an integer of at least 1', () => {
    for (const n of [0, 2.5, '', 'x']) {
      expect(messages(PlanIndexInput.safeParse({ IndiceId: 1, AbonnementId: 1, nombre_de_requete: n }))).toEqual([
        'nombre_de_requete:validation.requestCount',
      ]);
    }
    expect(PlanIndexInput.parse({ IndiceId: '1', AbonnementId: 2, nombre_de_requete: '6' }).nombre_de_requete).toBe(6);
  });
  it('ServiceRequestInput requires every field', () => {
    const paths = messages(ServiceRequestInput.safeParse({ serviceKey: 'soil' })).map((m) => m.split(':')[0]);
    expect(paths).toEqual(['name', 'email', 'phone', 'message']);
  });
});

describe('parcel input', () => {
  const square = rectangleFromBounds({ bWS: 3, bWN: 3.01, bES: 36.5, bEN: 36.51 });
  it('builds a closed rectangle from the bounds (lon then lat)', () => {
    expect(square.coordinates[0]).toEqual([
      [3, 36.5],
      [3.01, 36.5],
      [3.01, 36.51],
      [3, 36.51],
      [3, 36.5],
    ]);
  });
  it('parses a string, a Feature and a FeatureCollection, dropping altitudes', () => {
    const feature = { type: 'Feature', geometry: square };
    for (const v of [JSON.stringify(square), feature, { type: 'FeatureCollection', features: [feature] }]) {
      expect(parsePolygon(v)).toEqual({ ok: true, polygon: square });
    }
    const withZ = { type: 'Polygon', coordinates: [square.coordinates[0]?.map(([x, y]) => [x, y, 5])] };
    expect(parsePolygon(withZ)).toEqual({ ok: true, polygon: square });
  });
  it('explains what is wrong', () => {
    expect(parsePolygon({ type: 'MultiPolygon', coordinates: [] })).toEqual({
      ok: false,
      message: 'validation.parcelPolygonOnly',
    });
    expect(parsePolygon({ type: 'Polygon', coordinates: [square.coordinates[0]?.slice(0, 4)] })).toEqual({
      ok: false,
      message: 'validation.parcelRingNotClosed',
    });
    expect(parsePolygon('nope')).toEqual({ ok: false, message: 'validation.parcelBadJson' });
  });
  it('prefers the geometry over the bounds and requires one of them', () => {
    expect(ParcelInput.parse({ identifiantU: 'p', geom: square, bWS: 1, bWN: 2, bES: 3, bEN: 4 }).geom).toEqual(square);
    expect(ParcelInput.parse({ identifiantU: 'p', bWS: 3, bWN: '3.01', bES: 36.5, bEN: 36.51 }).geom).toEqual(square);
    expect(messages(ParcelInput.safeParse({ identifiantU: 'p' }))).toEqual(['geom:validation.parcelGeometryRequired']);
  });
  it('the admin form also requires the farmer', () => {
    expect(messages(ParcelForm.safeParse({ identifiantU: '', geom: square }))).toEqual([
      'identifiantU:validation.parcelRequiredFields',
      'userId:validation.parcelRequiredFields',
    ]);
    expect(ParcelForm.parse({ identifiantU: 'p', userId: '7', geom: square }).userId).toBe(7);
  });
});
