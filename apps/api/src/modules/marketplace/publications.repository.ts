import {
  and,
  asc,
  eq,
  inArray,
  marketplaceListingVersion,
  publicationByIdStatement,
  publicationCountStatement,
  publicationImages,
  publicationListStatement,
  publications,
  publicationsByOwnerStatement,
  sellerPlans,
  sellerSubscriptions,
  sql,
  type Db,
  type PublicationListFilters,
  type PublicationRow,
  type SQL,
  type Tx,
} from '@filaha/db';
import type { PublicationState, PublicationUnit } from '@filaha/shared';
import { algiersToday } from '../../core/time.ts';

export interface StoredPhoto {
  key: string;
  thumbnailKey: string;
}

export interface PublicationFields {
  productName: string;
  unitPrice: number;
  quantity: number;
  /** Null: no unit named. */
  unit: PublicationUnit | null;
  address: string;
  phone: string;
  state: PublicationState;
}

/** Why a post is refused: none/someone else's → no_subscription, désactivé or ended → inactive, full → limit. */
export type PostRefusal = 'no_subscription' | 'inactive' | 'limit';
export type CreateOutcome = { ok: true; id: number } | { ok: false; reason: PostRefusal };

export function createPublicationsRepository(db: Db) {
  const rows = async (statement: SQL) => (await db.execute<PublicationRow>(statement)).rows;

  /** Why the subscription cannot take a post now (read-only; the insert re-checks atomically). */
  async function refusal(target: Db | Tx, userId: number, subscriptionId: number): Promise<PostRefusal | null> {
    const [found] = await target
      .select({
        userId: sellerSubscriptions.userId,
        state: sellerSubscriptions.state,
        endDate: sellerSubscriptions.endDate,
        postsUsed: sellerSubscriptions.postsUsed,
        isLimited: sellerPlans.isLimited,
        postLimit: sellerPlans.postLimit,
      })
      .from(sellerSubscriptions)
      .innerJoin(sellerPlans, eq(sellerPlans.id, sellerSubscriptions.sellerPlanId))
      .where(eq(sellerSubscriptions.id, subscriptionId));
    if (!found || found.userId !== userId) return 'no_subscription';
    if (found.state !== 'actif' || found.endDate < algiersToday()) return 'inactive';
    if (found.isLimited && found.postsUsed >= (found.postLimit ?? 0)) return 'limit';
    return null;
  }

  return {
    /** The listing change counter of migration 0006 as text (bigint), or null when the row is missing. */
    async listingVersion(): Promise<string | null> {
      const [row] = await db
        .select({ version: sql<string>`${marketplaceListingVersion.version}::text` })
        .from(marketplaceListingVersion);
      return row?.version ?? null;
    },
    findById: async (id: number): Promise<PublicationRow | undefined> => (await rows(publicationByIdStatement(id)))[0],
    listByOwner: (userId: number) => rows(publicationsByOwnerStatement(userId)),
    list: (filters: PublicationListFilters) => rows(publicationListStatement(filters)),
    async count(filters: PublicationListFilters): Promise<number> {
      const result = await db.execute<{ total: number }>(publicationCountStatement(filters));
      return Number(result.rows[0]?.total ?? 0);
    },

    checkSubscription: (userId: number, subscriptionId: number) => refusal(db, userId, subscriptionId),

    /**
     * Takes one post from the subscription and inserts the publication with its photos, in one transaction.
     * The guarded UPDATE is the whole limit check: PostgreSQL re-evaluates its WHERE on the locked row, so
     * parallel posts queue on that row and the ones past the limit match nothing — they can never overspend.
     * Unlimited plans count their posts too (shown as "posts used").
     */
    async create(
      userId: number,
      subscriptionId: number,
      fields: PublicationFields,
      photos: StoredPhoto[],
    ): Promise<CreateOutcome> {
      return db.transaction(async (tx) => {
        const taken = await tx.execute<{ id: number }>(sql`
          UPDATE seller_subscriptions s SET posts_used = s.posts_used + 1, updated_at = now()
          FROM seller_plans pl
          WHERE s.id = ${subscriptionId} AND s.user_id = ${userId} AND s.state = 'actif' AND s.end_date >= ${algiersToday()}
            AND pl.id = s.seller_plan_id AND (NOT pl.is_limited OR s.posts_used < pl.post_limit)
          RETURNING s.id`);
        if (taken.rows.length === 0)
          return { ok: false, reason: (await refusal(tx, userId, subscriptionId)) ?? 'limit' };
        const [created] = await tx
          .insert(publications)
          .values({ ...fields, userId, sellerSubscriptionId: subscriptionId })
          .returning({ id: publications.id });
        if (!created) throw new Error('insert returned no row');
        if (photos.length > 0) {
          await tx
            .insert(publicationImages)
            .values(photos.map((p, position) => ({ ...p, publicationId: created.id, position })));
        }
        return { ok: true, id: created.id };
      });
    },

    async images(publicationId: number) {
      return db
        .select({ id: publicationImages.id, key: publicationImages.key, thumbnailKey: publicationImages.thumbnailKey })
        .from(publicationImages)
        .where(eq(publicationImages.publicationId, publicationId))
        .orderBy(asc(publicationImages.position), asc(publicationImages.id));
    },

    /**
     * Updates the fields, removes `deletedImageIds` and appends new photos under a row lock, so two parallel
     * edits cannot together pass the photo limit. Answers the removed photos (their files are the caller's
     * to delete once this has committed), or 'too_many' / 'unknown_image' / 'not_found'.
     */
    async update(
      id: number,
      fields: Partial<PublicationFields>,
      deletedImageIds: number[],
      added: StoredPhoto[],
      maxImages: number,
    ): Promise<
      { ok: true; removed: StoredPhoto[] } | { ok: false; reason: 'not_found' | 'too_many' | 'unknown_image' }
    > {
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ id: publications.id })
          .from(publications)
          .where(eq(publications.id, id))
          .for('update');
        if (!locked) return { ok: false, reason: 'not_found' } as const;
        const current = await tx
          .select({ id: publicationImages.id, position: publicationImages.position })
          .from(publicationImages)
          .where(eq(publicationImages.publicationId, id));
        const currentIds = new Set(current.map((c) => c.id));
        if (deletedImageIds.some((d) => !currentIds.has(d))) return { ok: false, reason: 'unknown_image' } as const;
        const kept = current.filter((c) => !deletedImageIds.includes(c.id));
        if (kept.length + added.length > maxImages) return { ok: false, reason: 'too_many' } as const;

        // updated_at is set explicitly: the statement must have a value to set when only the photos change.
        await tx
          .update(publications)
          .set({ ...fields, updatedAt: new Date() })
          .where(eq(publications.id, id));
        const removed =
          deletedImageIds.length === 0
            ? []
            : await tx
                .delete(publicationImages)
                .where(and(eq(publicationImages.publicationId, id), inArray(publicationImages.id, deletedImageIds)))
                .returning({ key: publicationImages.key, thumbnailKey: publicationImages.thumbnailKey });
        if (added.length > 0) {
          const next = Math.max(-1, ...kept.map((k) => k.position)) + 1;
          await tx
            .insert(publicationImages)
            .values(added.map((p, i) => ({ ...p, publicationId: id, position: next + i })));
        }
        return { ok: true, removed: removed.map((r) => ({ key: r.key, thumbnailKey: r.thumbnailKey ?? '' })) } as const;
      });
    },

    /**
     * Deletes the row (its image rows CASCADE) and answers the photos whose files must go too. A post counts
     * while it exists: its subscription gets the post back in the same transaction, so `posts_used` stays the
     * number of the subscription's existing publications (the seller may publish again within the plan period).
     */
    async remove(id: number): Promise<StoredPhoto[] | null> {
      return db.transaction(async (tx) => {
        const photos = await tx
          .select({ key: publicationImages.key, thumbnailKey: publicationImages.thumbnailKey })
          .from(publicationImages)
          .where(eq(publicationImages.publicationId, id));
        const deleted = await tx
          .delete(publications)
          .where(eq(publications.id, id))
          .returning({ id: publications.id, subscriptionId: publications.sellerSubscriptionId });
        if (deleted.length === 0) return null;
        const subscriptionId = deleted[0]?.subscriptionId;
        if (subscriptionId != null) {
          await tx.execute(sql`
            UPDATE seller_subscriptions SET posts_used = GREATEST(posts_used - 1, 0), updated_at = now()
            WHERE id = ${subscriptionId}`);
        }
        return photos.map((p) => ({ key: p.key, thumbnailKey: p.thumbnailKey ?? '' }));
      });
    },
  };
}

export type PublicationsRepository = ReturnType<typeof createPublicationsRepository>;
