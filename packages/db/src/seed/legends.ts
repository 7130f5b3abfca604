import { INDEX_REGISTRY, type EngineIndexCode } from '@filaha/shared';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { indices, legends } from '../schema/index.ts';

/** One default colour class of an index: [start, end), an 'rgb(r, g, b)' colour and its meaning in both languages. */
export interface DefaultLegendRow {
  start: number;
  end: number;
  color: string;
  fr: string;
  ar: string;
}

/**
 * The registry's default legend of an index code (@filaha/shared INDEX_REGISTRY) as legend rows: what a seeded
 * index and an index created in the back office start with; none for a code the registry does not know.
 */
export function defaultLegendRows(code: string): DefaultLegendRow[] {
  if (!Object.hasOwn(INDEX_REGISTRY, code)) return [];
  return INDEX_REGISTRY[code as EngineIndexCode].legend.map(({ start, end, color, label }) => ({
    start,
    end,
    color,
    fr: label.fr,
    ar: label.ar,
  }));
}

/**
 * The one rule for default legends, used by the seed (seeded indices) and the back office (an index created,
 * or given another engine code): the rows are added only to an index that has none, in the given order, so a
 * legend an administrator edited is never overwritten nor doubled. The index row is locked while checking, so
 * two concurrent calls cannot both add them. Returns whether rows were added.
 */
export async function addLegendIfNone(
  db: Db | Tx,
  indexId: number,
  rows: readonly DefaultLegendRow[],
): Promise<boolean> {
  if (rows.length === 0) return false;
  return db.transaction(async (tx) => {
    const [index] = await tx.select({ id: indices.id }).from(indices).where(eq(indices.id, indexId)).for('update');
    if (!index) return false;
    const [existing] = await tx.select({ id: legends.id }).from(legends).where(eq(legends.indexId, indexId)).limit(1);
    if (existing) return false;
    await tx.insert(legends).values(
      rows.map((l, position) => ({
        indexId,
        intervalStart: l.start,
        intervalEnd: l.end,
        color: l.color,
        descriptionFr: l.fr,
        descriptionAr: l.ar,
        position,
      })),
    );
    return true;
  });
}
