// `npm run bench:imports` — issue 30 §2: an organisation's import of BENCH_FEATURES parcels (default 50,000) on the
// PostgreSQL server (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; a scratch database is made
// and dropped), through the API's own job (runImport: read the file, read the attributes, check every feature in
// PostGIS and store the accepted ones with their crop in one transaction). The file is synthetic: ~3 ha squares on a
// grid over the Mitidja, with crops and sowing dates, and 1 in 50 features a bow tie, 1 in 100 a duplicate, 1 in 100
// overlapping its neighbour and 1 in 100 an unknown crop. Measured, for a GeoJSON file and the same features as a
// CSV with a WKT column: the whole job, the reading alone, the report; then the same GeoJSON again into the
// organisation that now holds them (every feature checked against 50,000 parcels: all refused as already there).
// Writes bench/out/imports.json and the "Parcel import" section of docs/PERFORMANCE.md. Goal: ≤ 60 s.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, seed, sql, type Database } from '@filaha/db';
import { factories } from '@filaha/db/testing';
import { createImportsRepository } from '../apps/api/src/modules/organisations/imports/imports.repository.ts';
import { readFeatures } from '../apps/api/src/modules/organisations/imports/readers.ts';
import { runImport } from '../apps/api/src/modules/organisations/imports/run-import.ts';
import { writeDocSection } from './lib/doc-section.ts';
import { pgAdmin } from './lib/pg-admin.ts';
import { exitWhenDone, machineInfo } from './lib/machine.ts';
import { elapsed, now } from './lib/stats.ts';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const FEATURES = Number(process.env.BENCH_FEATURES ?? 50_000);
const GOAL_S = 60;
const OUT = join(import.meta.dirname, 'out', 'imports.json');
const log = (line: string) => process.stdout.write(`${line}\n`);

const admin = (statement: string) => pgAdmin(BASE_URL, statement);

const CROPS = ['Blé dur', 'orge', 'olivier', 'pomme de terre', 'agrumes', 'jachère'];

interface Synthetic {
  rings: number[][][];
  props: Record<string, string>;
}

/** The file's features, deterministic: a 250-column grid of 0.002° squares 0.003° apart from 2.5° E 36.3° N. */
function synthetic(n: number): Synthetic[] {
  const out: Synthetic[] = [];
  for (let i = 0; i < n; i++) {
    const col = i % 250;
    const row = Math.floor(i / 250);
    let x = 2.5 + col * 0.003;
    const y = 36.3 + row * 0.003;
    const d = 0.002;
    let ring = [
      [x, y],
      [x + d, y],
      [x + d, y + d * 0.8],
      [x, y + d * 0.8],
      [x, y],
    ];
    let crop = CROPS[i % CROPS.length]!;
    if (i % 50 === 7) {
      ring = [
        [x, y],
        [x + d, y + d * 0.8],
        [x + d, y],
        [x, y + d * 0.8],
        [x, y],
      ];
    } else if (i % 100 === 13 && i > 0) {
      // The same square as the previous feature's (a duplicate).
      ring = out[i - 1]!.rings[0]!;
    } else if (i % 100 === 29) {
      // Half over the previous square.
      x -= 0.0025;
      ring = [
        [x, y],
        [x + d, y],
        [x + d, y + d * 0.8],
        [x, y + d * 0.8],
        [x, y],
      ];
    } else if (i % 100 === 61) {
      crop = 'banane';
    }
    const day = 1 + (i % 28);
    out.push({
      rings: [ring],
      props: {
        nom: `P${i + 1}`,
        culture: crop,
        date_semis: `${String(day).padStart(2, '0')}/11/2025`,
        irrigue: i % 3 === 0 ? 'oui' : 'non',
        telephone: `0550${String(100000 + (i % 900000)).padStart(6, '0')}`,
      },
    });
  }
  return out;
}

function asGeoJson(features: Synthetic[]): Buffer {
  return Buffer.from(
    JSON.stringify({
      type: 'FeatureCollection',
      features: features.map((f) => ({
        type: 'Feature',
        properties: f.props,
        geometry: { type: 'Polygon', coordinates: f.rings },
      })),
    }),
  );
}

function asCsv(features: Synthetic[]): Buffer {
  const wkt = (rings: number[][][]) =>
    `POLYGON (${rings.map((r) => `(${r.map(([a, b]) => `${a} ${b}`).join(', ')})`).join(', ')})`;
  const lines = ['nom;culture;date_semis;irrigue;telephone;wkt'];
  for (const f of features) {
    const p = f.props;
    lines.push(`${p.nom};${p.culture};${p.date_semis};${p.irrigue};${p.telephone};"${wkt(f.rings)}"`);
  }
  return Buffer.from(lines.join('\n'));
}

interface Run {
  label: string;
  bytes: number;
  readSeconds: number;
  jobSeconds: number;
  total: number;
  accepted: number;
  refused: number;
  repaired: number;
  reportMs: number;
}

async function importOnce(
  database: Database,
  orgId: number,
  userId: number,
  label: string,
  fileName: string,
  bytes: Buffer,
) {
  const repo = createImportsRepository(database.db);
  const format = fileName.endsWith('.csv') ? 'csv' : 'geojson';
  let t0 = now();
  await readFeatures(format, bytes);
  const readSeconds = elapsed(t0) / 1000;
  const id = await repo.create({
    organisationId: orgId,
    createdBy: userId,
    fileName,
    format,
    file: bytes,
    mapping: {},
  });
  t0 = now();
  await runImport(database.db, id);
  const jobSeconds = elapsed(t0) / 1000;
  t0 = now();
  const row = (await repo.get(id))!;
  const refusals = await repo.refusals(id);
  const reportMs = elapsed(t0);
  const run: Run = {
    label,
    bytes: bytes.length,
    readSeconds,
    jobSeconds,
    total: row.total ?? 0,
    accepted: row.accepted,
    refused: refusals.length,
    repaired: row.repaired,
    reportMs,
  };
  log(
    `${label}: ${run.total} features, ${run.accepted} accepted, ${run.refused} refused, job ${jobSeconds.toFixed(1)} s (reading ${readSeconds.toFixed(1)} s)`,
  );
  return { run, refusals };
}

async function run(): Promise<number> {
  const load = loadavg();
  const name = 'filaha_bench_imports';
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  const database = await createDb({ databaseUrl: url.toString(), dataDir: mkdtempSync(join(tmpdir(), 'bi-')) });
  const runs: Run[] = [];
  let reasons: Record<string, number>;
  try {
    await seed(database, { demo: false });
    const { user } = await factories.createUser(database, { role: 'User' });
    const orgOf = async (n: number) =>
      (
        await database.db.execute<{ id: number }>(sql`
          INSERT INTO organisations (name, type, access_code) VALUES (${`Bench ${n}`}, 'cooperative', ${`BENCH00${n}`})
          RETURNING id`)
      ).rows[0]!.id;
    const features = synthetic(FEATURES);
    const geojson = asGeoJson(features);
    const csv = asCsv(features);
    const first = await importOnce(
      database,
      await orgOf(1),
      user.id,
      'GeoJSON, new organisation',
      'bench.geojson',
      geojson,
    );
    runs.push(first.run);
    reasons = Object.fromEntries(
      [...new Set(first.refusals.map((r) => r.reason))].map((r) => [
        r,
        first.refusals.filter((x) => x.reason === r).length,
      ]),
    );
    const secondOrg = await orgOf(2);
    runs.push((await importOnce(database, secondOrg, user.id, 'CSV with WKT, new organisation', 'bench.csv', csv)).run);
    runs.push(
      (
        await importOnce(
          database,
          secondOrg,
          user.id,
          'GeoJSON again, into the organisation holding them',
          'again.geojson',
          geojson,
        )
      ).run,
    );
  } finally {
    await database.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const info = { ...machineInfo(load), date: new Date().toISOString(), features: FEATURES };
  mkdirSync(join(import.meta.dirname, 'out'), { recursive: true });
  writeFileSync(OUT, JSON.stringify({ ...info, runs, reasons }, null, 2));
  const mb = (b: number) => (b / 2 ** 20).toFixed(1);
  const worst = Math.max(...runs.map((r) => r.jobSeconds));
  await writeDocSection(
    [
      '## Parcel import (`bench:imports`)',
      '',
      `_Generated by \`npm run bench:imports\` (bench/imports.ts) on ${info.date.slice(0, 16).replace('T', ' ')} UTC; raw figures in \`bench/out/imports.json\`._`,
      '',
      `**Machine**: ${info.cpus} cores (${info.cpuModel}), ${info.memoryGiB} GiB, Node ${info.node}, load average ${info.loadAverageStart.map((v) => v.toFixed(2)).join(' / ')} at the start, ${info.loadAverageEnd.map((v) => v.toFixed(2)).join(' / ')} at the end. PostgreSQL server on 127.0.0.1 (a scratch database).`,
      '',
      `**Method**: the API's import job (\`runImport\`, apps/api/src/modules/organisations/imports) on a synthetic file of ${FEATURES.toLocaleString('en')} features — ~3 ha squares on a grid over the Mitidja with a crop, a sowing date, irrigation and a phone; 1 in 50 a bow tie, 1 in 100 a duplicate of the previous one, 1 in 100 half over the previous one, 1 in 100 an unknown crop. "Job" is the whole job as a worker runs it: the file read from its row, every feature read and its attributes interpreted, all of them staged and checked in PostGIS, the accepted stored with their season's crop and the report written, in one transaction. "Reading" is the reader alone on the same bytes (part of the job). The third run imports the GeoJSON again into the organisation that holds the CSV's parcels: each feature is checked against ${FEATURES.toLocaleString('en')} existing parcels.`,
      '',
      '| run | file | features | accepted | refused | repaired | job | of which reading | report read |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      ...runs.map(
        (r) =>
          `| ${r.label} | ${mb(r.bytes)} MB | ${r.total.toLocaleString('en')} | ${r.accepted.toLocaleString('en')} | ${r.refused.toLocaleString('en')} | ${r.repaired} | **${r.jobSeconds.toFixed(1)} s** | ${r.readSeconds.toFixed(1)} s | ${Math.round(r.reportMs)} ms |`,
      ),
      '',
      `Refusals of the first run by reason: ${Object.entries(reasons)
        .map(([k, v]) => `${k} ${v.toLocaleString('en')}`)
        .join(', ')}.`,
      '',
      `| goal (issue 30 §2) | measured (slowest run) | status |`,
      '| --- | --- | --- |',
      `| ${FEATURES.toLocaleString('en')} features imported and checked ≤ ${GOAL_S} s on PostgreSQL | ${worst.toFixed(1)} s | ${worst <= GOAL_S ? '**met**' : '**not met**'} |`,
      '',
    ].join('\n'),
  );
  return 0;
}

exitWhenDone(run());
