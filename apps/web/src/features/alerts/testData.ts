import type { AlertItem, AlertList } from './alertsApi.ts';
import { indexRow } from '../../../test/fixtures.ts';

/** Alerts as GET /api/alerts answers them, for the component tests. */
export function alertItem(overrides: Partial<AlertItem> & Pick<AlertItem, 'id' | 'rule'>): AlertItem {
  return {
    parcelId: 11,
    parcelName: 'Blé Nord',
    date: '2025-06-15',
    sceneId: 'S2B_31SDA_20250615_0_L2A',
    index: 'NDVI',
    value: 0.52,
    previous: 0.71,
    previousDate: '2025-06-10',
    threshold: 0.1,
    share: null,
    likelyHarvest: false,
    depletion: null,
    raw: null,
    createdAt: '2025-06-15T10:00:00.000Z',
    read: false,
    ...overrides,
  };
}

export const ALERTS: AlertList = {
  unread: 2,
  alerts: [
    alertItem({ id: 3, rule: 'DROP' }),
    alertItem({
      id: 2,
      rule: 'WATER_STRESS',
      index: 'NDMI',
      value: -0.15,
      previous: null,
      previousDate: null,
      threshold: -0.1,
    }),
    alertItem({
      id: 1,
      rule: 'NEW_IMAGE',
      date: '2025-06-10',
      value: 0.87,
      previous: null,
      previousDate: null,
      threshold: null,
      read: true,
    }),
  ],
};

export const INDICES = [indexRow(1, 'NDVI'), indexRow(2, 'NDMI')];
