export * from './accounts.ts';
export * from './catalog.ts';
export * from './subscriptions.ts';
export * from './parcels.ts';
export * from './marketplace.ts';
export * from './social.ts';
export * from './stock.ts';
export type { PolygonGeometry } from './geometry.ts';
export { polygonFromWkbHex } from './geometry.ts';
