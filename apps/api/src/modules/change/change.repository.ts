import { and, changeResults, desc, eq, gte, like, lte, type Db, type SQL } from '@filaha/db';
import { chargeRecorded, type Charged } from '../images/public.ts';

export type ChangeRow = typeof changeResults.$inferSelect;
export type NewChange = typeof changeResults.$inferInsert;

const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const dayEnd = (day: string) => new Date(`${day}T23:59:59.999Z`);

/** change_results (migration 0013): the delivered change maps, one per parcel × index × acquisition pair × basis. */
export function createChangeRepository(db: Db) {
  /** The first change map of the parcel × index matching `where`, in `orderBy` order. */
  async function first(parcelId: number, indexId: number, where: SQL[], orderBy: SQL[] = []) {
    const [row] = await db
      .select()
      .from(changeResults)
      .where(and(eq(changeResults.parcelId, parcelId), eq(changeResults.indexId, indexId), ...where))
      .orderBy(...orderBy)
      .limit(1);
    return row;
  }

  const byKey = (parcelId: number, indexId: number, earlierSceneId: string, laterSceneId: string, basis: string) =>
    first(parcelId, indexId, [
      eq(changeResults.earlierSceneId, earlierSceneId),
      eq(changeResults.laterSceneId, laterSceneId),
      eq(changeResults.basis, basis),
    ]);

  return {
    byKey,

    async byId(id: number): Promise<ChangeRow | undefined> {
      const [row] = await db.select().from(changeResults).where(eq(changeResults.id, id));
      return row;
    },

    /**
     * Points a stored change at freshly written files (its own were lost or damaged), unless a parallel repair
     * did it first (the row no longer names `previousImageKey`): undefined then. Nothing is charged.
     */
    async replaceFiles(
      id: number,
      previousImageKey: string,
      keys: Pick<ChangeRow, 'imageKey' | 'valuesKey' | 'tiffKey' | 'earlierImageKey' | 'laterImageKey'>,
    ): Promise<ChangeRow | undefined> {
      const [row] = await db
        .update(changeResults)
        .set(keys)
        .where(and(eq(changeResults.id, id), eq(changeResults.imageKey, previousImageKey)))
        .returning();
      return row;
    },

    /**
     * For a caller whose quota is used up: a change already delivered for this parcel and index with the same
     * style (hash prefix) whose acquisitions fall inside the two windows — newest pair first.
     */
    async inWindows(
      parcelId: number,
      indexId: number,
      stylePrefix: string,
      earlier: { startDate: string; endDate: string },
      later: { startDate: string; endDate: string },
    ): Promise<ChangeRow | undefined> {
      return first(
        parcelId,
        indexId,
        [
          like(changeResults.basis, `${stylePrefix}%`),
          gte(changeResults.earlierDatetime, dayStart(earlier.startDate)),
          lte(changeResults.earlierDatetime, dayEnd(earlier.endDate)),
          gte(changeResults.laterDatetime, dayStart(later.startDate)),
          lte(changeResults.laterDatetime, dayEnd(later.endDate)),
        ],
        [desc(changeResults.laterDatetime), desc(changeResults.earlierDatetime), desc(changeResults.id)],
      );
    },

    /**
     * Records a delivered change map and charges one request of the index in one transaction (the images
     * module's chargeRecorded: `used < total` checked by the same UPDATE). A pair recorded meanwhile by a
     * parallel request is returned as a duplicate, not charged.
     */
    async deliver(
      usageId: number,
      change: NewChange,
    ): Promise<Exclude<Charged<ChangeRow>, { kind: 'duplicate' }> | { kind: 'duplicate'; row: ChangeRow }> {
      const outcome = await chargeRecorded(db, usageId, async (tx) => {
        const [row] = await tx
          .insert(changeResults)
          .values(change)
          .onConflictDoNothing({
            target: [
              changeResults.parcelId,
              changeResults.indexId,
              changeResults.earlierSceneId,
              changeResults.laterSceneId,
              changeResults.basis,
            ],
          })
          .returning();
        return row;
      });
      if (outcome.kind !== 'duplicate') return outcome;
      const existing = await byKey(
        change.parcelId,
        change.indexId,
        change.earlierSceneId,
        change.laterSceneId,
        change.basis,
      );
      if (!existing) throw new Error('change result vanished after a unique conflict');
      return { kind: 'duplicate', row: existing };
    },
  };
}

export type ChangeRepository = ReturnType<typeof createChangeRepository>;
