import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A bare STAC API for the catalog-defect tests: every request is answered with a FeatureCollection of the items
 * `itemsFor` returns for its parsed JSON body (`{}` when it has none). No COGs are served.
 */
export interface StacStub {
  /** STAC API root to put in STAC_API_URL. */
  url: string;
  close(): Promise<void>;
}

export async function startStacStub(itemsFor: (body: Record<string, unknown>) => unknown[]): Promise<StacStub> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      response.writeHead(200, { 'content-type': 'application/geo+json' });
      response.end(JSON.stringify({ type: 'FeatureCollection', features: itemsFor(body), links: [] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A STAC item whose footprint (2–4° E, 36–37° N) holds every demo parcel; the rest as given. */
export function itemOverDemoArea(fields: {
  id: string;
  collection: string;
  properties: Record<string, unknown>;
  assets: unknown;
}) {
  return {
    type: 'Feature',
    stac_version: '1.0.0',
    id: fields.id,
    collection: fields.collection,
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [2, 36],
          [4, 36],
          [4, 37],
          [2, 37],
          [2, 36],
        ],
      ],
    },
    bbox: [2, 36, 4, 37],
    properties: fields.properties,
    assets: fields.assets,
    links: [],
  };
}
