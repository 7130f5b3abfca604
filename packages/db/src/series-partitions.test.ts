import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seriesPoints } from './schema/index.ts';
import { createParcel, createUser, getTestDb, IRREGULAR_FIELD } from './testing/index.ts';

/**
 * Issue 29 §2 (migration 0019): season points partitioned by agricultural season (1 September – 31 August). A row
 * lands in its season's partition (a date outside 2014–2040 in the default one), "one row per parcel × index ×
 * basis × scene" still holds, and a season is removed by dropping its partition without touching the others.
 */
const stats = {
  min: 0.1,
  max: 0.9,
  mean: 0.5,
  std: 0.1,
  median: 0.5,
  p25: 0.4,
  p75: 0.6,
  count: 10,
  validFraction: 1,
  resolution: 10,
};

describe('series_points partitions', () => {
  it('one partition per season; a season dropped with its partition; one row per scene', async () => {
    const { db } = await getTestDb();
    const { user } = await createUser(db);
    const { parcel } = await createParcel(db, { userId: user.id, geom: IRREGULAR_FIELD });
    const row = (sceneId: string, date: string) => ({
      parcelId: parcel.id,
      indexCode: 'NDVI',
      basis: 'b-partitions',
      sceneId,
      date,
      status: 'point' as const,
      stats,
      validFraction: 1,
      tiles: [sceneId],
    });
    const rows = [
      row('S2A_31SDA_20230831_0_L2A', '2023-08-31'),
      row('S2A_31SDA_20230901_0_L2A', '2023-09-01'),
      row('S2B_31SDA_20240615_0_L2A', '2024-06-15'),
      row('S2B_31SDA_20410105_0_L2A', '2041-01-05'),
    ];
    const inserted = await db
      .insert(seriesPoints)
      .values(rows)
      .onConflictDoNothing()
      .returning({ id: seriesPoints.id });
    expect(inserted).toHaveLength(4);
    // The same scene again (a retry, a second worker): kept once.
    const again = await db
      .insert(seriesPoints)
      .values([rows[1]!])
      .onConflictDoNothing()
      .returning({ id: seriesPoints.id });
    expect(again).toHaveLength(0);

    const where = await db.execute<{ partition: string; date: string }>(
      sql`SELECT tableoid::regclass::text AS partition, date::text AS date FROM series_points
           WHERE parcel_id = ${parcel.id} ORDER BY date`,
    );
    expect(where.rows).toEqual([
      { partition: 'series_points_s2022', date: '2023-08-31' },
      { partition: 'series_points_s2023', date: '2023-09-01' },
      { partition: 'series_points_s2023', date: '2024-06-15' },
      { partition: 'series_points_default', date: '2041-01-05' },
    ]);
    const partitions = await db.execute<{ name: string }>(
      sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
           WHERE i.inhparent = 'series_points'::regclass ORDER BY 1`,
    );
    expect(partitions.rows.map((r) => r.name).sort()).toEqual(
      [...Array.from({ length: 26 }, (_, k) => `series_points_s${2014 + k}`), 'series_points_default'].sort(),
    );

    // A season archived away: its partition dropped, the other seasons' rows untouched.
    await db.execute(sql`DROP TABLE series_points_s2022`);
    const left = await db
      .select({ date: seriesPoints.date })
      .from(seriesPoints)
      .where(and(eq(seriesPoints.parcelId, parcel.id), eq(seriesPoints.basis, 'b-partitions')))
      .orderBy(seriesPoints.date);
    expect(left.map((r) => r.date)).toEqual(['2023-09-01', '2024-06-15', '2041-01-05']);
    // Its dates have no partition now (they would go to the default one): put it back for the other tests.
    await db.execute(
      sql`CREATE TABLE series_points_s2022 PARTITION OF series_points FOR VALUES FROM ('2022-09-01') TO ('2023-09-01')`,
    );
  });
});
