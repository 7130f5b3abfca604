import { fireEvent } from '@testing-library/react';
import { encodeValuesGrid } from '@filaha/shared/values-grid';
import { json, reply, type ContractStubs } from '../../../test/fetch.ts';
import type {
  HistoryItem,
  ImageAnswer,
  IndexConfig,
  IndexInfo,
  Parcel,
  SeriesPoint,
  SubscriptionRow,
} from './farmApi.ts';

/** Fixtures of the component tests, shaped as the API answers (apps/api/README.md). */
export const PARCEL: Parcel = {
  id: 11,
  parcelleId: 11,
  identifiantU: 'Vignoble',
  userId: 7,
  bWS: 2.995,
  bWN: 3.001,
  bES: 36.595,
  bEN: 36.599,
  geom: {
    type: 'Polygon',
    coordinates: [
      [
        [2.995, 36.595],
        [3.001, 36.595],
        [3.001, 36.599],
        [2.995, 36.599],
        [2.995, 36.595],
      ],
    ],
  },
  culture: null,
  areaHa: 19.2,
  createdAt: '2025-03-01T08:00:00.000Z',
};

const LEGEND = [
  {
    id: 1,
    legendeId: 1,
    intervalDeb: -1,
    intervalFin: 0.2,
    color: 'rgb(165, 81, 42)',
    descriptionLeg: 'Sol nu',
    descriptionLegFr: 'Sol nu',
    descriptionLegAr: 'تربة عارية',
    position: 0,
  },
  {
    id: 2,
    legendeId: 2,
    intervalDeb: 0.2,
    intervalFin: 1,
    color: 'rgb(26, 120, 50)',
    descriptionLeg: 'Dense',
    descriptionLegFr: 'Végétation dense',
    descriptionLegAr: 'غطاء كثيف',
    position: 1,
  },
];

function indexConfig(id: number, code: string): IndexConfig {
  return {
    indiceId: id,
    indiceName: `Indice ${code}`,
    code,
    description: JSON.stringify({ ar: `مؤشر ${code}`, fr: `Indice ${code}` }),
    recomndation: [
      { range: { ar: 'أقل من 0,2', fr: 'Inférieur à 0,2' }, ar: 'تحقق من الري.', fr: "Vérifiez l'irrigation." },
      { range: { ar: 'أكثر من 0,2', fr: 'Supérieur à 0,2' }, ar: 'واصل.', fr: 'Continuez.' },
    ],
    legende: LEGEND.map((entry) => ({ ...entry, indiceId: id })),
    parcelles: [PARCEL],
    nbreq_total: 2,
    nbreq_restante: 2,
    abonnementUserId: 30,
  };
}

/** NDMI first on purpose: the screen must still start on NDVI. */
export const CONFIG: IndexConfig[] = [indexConfig(2, 'NDMI'), indexConfig(1, 'NDVI'), indexConfig(5, 'MSAVI')];

export function status(etat: SubscriptionRow['etat'], activated = true): SubscriptionRow[] {
  return [
    {
      id: 30,
      abn_id: 2,
      user_id: 5,
      durée: 12,
      etat,
      date_abonnement: '2025-08-14T10:00:00.000Z',
      date_activation: activated ? '2025-08-15T10:00:00.000Z' : null,
      abonnement: {
        id: 2,
        nameAbonnement: 'Standard',
        nameAbonnementAr: '',
        nameClient: 'Agriculteur',
        nameClientAr: '',
        prices: '1000',
      },
    },
  ];
}

export const IMAGE: ImageAnswer = {
  success: true,
  resultId: 99,
  cached: false,
  index: 'NDVI',
  imageUrl: '/api/files/r/NDVI.png?exp=1&sig=a',
  width: 1024,
  height: 1024,
  valuesUrl: '/api/files/r/NDVI.fvg?exp=1&sig=b',
  downloadUrl: '/api/files/r/NDVI.tif?exp=1&sig=c',
  bounds: [
    [36.595, 2.995],
    [36.599, 3.001],
  ],
  stats: {
    min: 0.1,
    max: 0.7,
    mean: 0.4213,
    std: 0.05,
    median: 0.43,
    p25: 0.39,
    p75: 0.46,
    count: 900,
    validFraction: 0.95,
    resolution: 10,
  },
  minValidFraction: 0.6,
  scene: { id: 'S2_20250815', datetime: '2025-08-15T10:30:00Z', cloudFraction: 0.02 },
  dateDebut: '2025-08-14',
  dateFin: '2025-08-19',
};

const NDVI = CONFIG[1]!;

/** NDVI as `GET /indice/:id` answers it. */
export const NDVI_INDEX: IndexInfo = {
  id: NDVI.indiceId,
  indiceName: NDVI.indiceName,
  code: 'NDVI',
  description: NDVI.description,
  recomndation: NDVI.recomndation,
  legende: NDVI.legende,
  createdAt: '2025-03-01T08:00:00.000Z',
  updatedAt: '2025-03-01T08:00:00.000Z',
};

/** An NDVI image of the parcel's history acquired on `day`, with IMAGE's statistics but for `stats`. */
export function historyItem(id: number, day: string, stats: Partial<ImageAnswer['stats']>): HistoryItem {
  return {
    id,
    index: 'NDVI',
    imageUrl: `/api/files/h${id}.png`,
    valuesUrl: null,
    downloadUrl: null,
    dateDebut: day,
    dateFin: day,
    sceneId: `S2_${day}`,
    sceneDatetime: `${day}T10:30:00Z`,
    cloudFraction: 0.1,
    stats: { ...IMAGE.stats, ...stats },
    minValidFraction: 0.6,
    bounds: IMAGE.bounds,
    createdAt: `${day}T12:00:00Z`,
  };
}

/**
 * What the parcel and history pages ask about PARCEL and NDVI_INDEX: the parcel, the index, its images of the
 * parcel (`history`) and the latest of them (404 for none), and the farmer's indices (CONFIG).
 */
export function parcelHistoryStubs(history: HistoryItem[]): ContractStubs {
  return {
    'GET /parcelle/:id': () => reply(200, PARCEL),
    'GET /indice/:id': () => reply(200, NDVI_INDEX),
    'GET /request/images': () => reply(200, history),
    'GET /request/image': () => (history[0] ? reply(200, history[0]) : json(404, { code: 'NOT_FOUND', message: 'x' })),
    'GET /indice/:userId/indices': () => reply(200, CONFIG),
  };
}

/** A clear acquisition of a season curve on `date`, its statistics around `median`. */
export function seriesPoint(date: string, median: number, validFraction = 1): SeriesPoint {
  return {
    date,
    sceneId: `S2_${date}`,
    mean: median,
    median,
    p25: median - 0.05,
    p75: median + 0.04,
    min: median - 0.3,
    max: median + 0.2,
    std: 0.06,
    validFraction,
  };
}

/** A 2×2 grid over the image bounds: NW 0.1, NE 0.2, SW masked, SE 0.4. */
export function gridBytes(): Uint8Array {
  return encodeValuesGrid({ width: 2, height: 2, bounds: IMAGE.bounds, data: new Float32Array([0.1, 0.2, NaN, 0.4]) });
}

/**
 * Puts a finger down on the season curve's plot right above the point of `date` and lifts it (jsdom has no
 * layout: the plot's box is taken as drawn, 1 screen px per chart px, unless the test mocks it).
 */
export function tapSeasonPoint(curve: HTMLElement, date: string, pointerId = 1) {
  const target = curve.querySelector<SVGRectElement>('[data-testid="season-plot-target"]')!;
  const dot = curve.querySelector(`[data-testid="season-point"][data-date="${date}"]`)!;
  const box = target.getBoundingClientRect();
  const scale = box.width > 0 ? box.width / Number(target.getAttribute('width')) : 1;
  const clientX = box.left + (Number(dot.getAttribute('cx')) - Number(target.getAttribute('x'))) * scale;
  fireEvent.pointerDown(dot, { pointerId, clientX, button: 0, pointerType: 'touch' });
  fireEvent.pointerUp(dot, { pointerId, clientX, button: 0, pointerType: 'touch' });
}
