import { randomUUID } from 'node:crypto';
import { afterCommit, type PublicationListFilters } from '@filaha/db';
import {
  MARKETPLACE_LIMITS,
  PublicationInput,
  PublicationUpdateInput,
  type PublicationListQuery,
} from '@filaha/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthedCtx, Ctx } from '../../context.ts';
import { AppError, NotFoundError, ValidationError } from '../../core/errors.ts';
import type { ObjectStorage } from '../../lib/storage/storage.ts';
import { text } from '../../i18n/texts.ts';
import type { ProcessedPhoto } from './photos.ts';
import { parseFields, tooManyImages } from './publication-form.ts';
import { IMAGE_KEY_PREFIX, toPublication } from './publications.presenter.ts';
import type { PostRefusal, PublicationFields, PublicationsRepository, StoredPhoto } from './publications.repository.ts';
import type { Publication, PublicationPage } from '@filaha/shared/contracts';
import { requireAccess } from '../../core/access.ts';

export interface PublicationsServiceDeps {
  repo: PublicationsRepository;
  /** Read when needed: the storage plugin decorates the app, possibly after this module was registered. */
  storage: () => ObjectStorage;
  log: FastifyBaseLogger;
}

/**
 * SPEC §7: refusals of publishing are 401 with a server message; the post limit is 403 (not a session problem).
 * Both are named status variants of the catalogue (ERROR_STATUS_VARIANTS in packages/shared/src/errors.ts).
 */
function refusalError(reason: PostRefusal): AppError {
  const issues = (code: string, message: string) => [{ path: 'sellerAbonnementUserId', code, message }];
  if (reason === 'limit') {
    return new AppError('QUOTA_EXHAUSTED', {
      variant: 'postLimit',
      issues: issues('post_limit_reached', 'marketplace.postLimitReached'),
    });
  }
  if (reason === 'inactive') {
    return new AppError('SUBSCRIPTION_INACTIVE', {
      variant: 'publishing',
      issues: issues('subscription_inactive', 'marketplace.subscriptionInactive'),
    });
  }
  return new AppError('SUBSCRIPTION_REQUIRED', {
    variant: 'publishing',
    issues: issues('subscription_required', 'marketplace.subscriptionRequired'),
  });
}

function allFields(input: PublicationInput): PublicationFields {
  return {
    productName: input.productName,
    unitPrice: input.price,
    quantity: input.quantity,
    unit: input.unit ?? null,
    address: input.location,
    phone: input.phone,
    state: input.disponibility,
  };
}

function changedFields(input: PublicationUpdateInput): Partial<PublicationFields> {
  const fields: Partial<PublicationFields> = {};
  if (input.productName !== undefined) fields.productName = input.productName;
  if (input.price !== undefined) fields.unitPrice = input.price;
  if (input.quantity !== undefined) fields.quantity = input.quantity;
  if (input.unit !== undefined) fields.unit = input.unit;
  if (input.location !== undefined) fields.address = input.location;
  if (input.phone !== undefined) fields.phone = input.phone;
  if (input.disponibility !== undefined) fields.state = input.disponibility;
  return fields;
}

/**
 * Publications and their photos. Files are written before the rows and removed again if the transaction does
 * not commit; removed rows' files are deleted after the commit (of a keyed request's whole transaction too:
 * `afterCommit`). A crash between the two steps can leave an
 * orphan file, never a row pointing at a missing file.
 */
export function createPublicationsService({ repo, storage, log }: PublicationsServiceDeps) {
  async function deleteFiles(photos: StoredPhoto[]): Promise<void> {
    const keys = photos.flatMap((p) => [p.key, p.thumbnailKey]).filter(Boolean);
    const results = await Promise.allSettled(keys.map((key) => storage().delete(key)));
    for (const [i, result] of results.entries()) {
      if (result.status === 'rejected')
        log.error({ err: result.reason, key: keys[i] }, 'could not delete a publication photo');
    }
  }

  async function storeFiles(photos: ProcessedPhoto[]): Promise<StoredPhoto[]> {
    const stored: StoredPhoto[] = [];
    try {
      for (const photo of photos) {
        const base = `${IMAGE_KEY_PREFIX}${randomUUID()}`;
        const keys = { key: `${base}.webp`, thumbnailKey: `${base}.thumb.webp` };
        stored.push(keys);
        await storage().put(keys.key, photo.large, 'image/webp');
        await storage().put(keys.thumbnailKey, photo.thumbnail, 'image/webp');
      }
      return stored;
    } catch (error) {
      await deleteFiles(stored);
      throw error;
    }
  }

  async function present(id: number): Promise<Publication> {
    const row = await repo.findById(id);
    if (!row) throw new NotFoundError();
    return toPublication(row);
  }

  /** The publication if the caller owns it (Admin too when `adminMay`); 404 when it does not exist. */
  async function owned(ctx: AuthedCtx, id: number, adminMay: boolean) {
    const row = await repo.findById(id);
    if (!row) throw new NotFoundError();
    requireAccess(ctx, 'publication', adminMay ? 'delete' : 'write', { ownerId: row.userId });
    return row;
  }

  return {
    async create({
      ctx,
      fields,
      photos,
    }: {
      ctx: AuthedCtx;
      fields: Record<string, unknown>;
      photos: ProcessedPhoto[];
    }) {
      const input = parseFields(PublicationInput, fields);
      if (photos.length > MARKETPLACE_LIMITS.maxImagesPerPublication) throw tooManyImages();
      // Fail fast before any file is written; the transaction below checks again, atomically.
      const early = await repo.checkSubscription(ctx.actor.id, input.sellerAbonnementUserId);
      if (early) throw refusalError(early);
      const stored = await storeFiles(photos);
      let outcome;
      try {
        outcome = await repo.create(ctx.actor.id, input.sellerAbonnementUserId, allFields(input), stored);
      } catch (error) {
        await deleteFiles(stored);
        throw error;
      }
      if (!outcome.ok) {
        await deleteFiles(stored);
        throw refusalError(outcome.reason);
      }
      return { message: text('publicationCreated', ctx.lang), publication: await present(outcome.id) };
    },

    async update({
      ctx,
      id,
      fields,
      photos,
    }: {
      ctx: AuthedCtx;
      id: number;
      fields: Record<string, unknown>;
      photos: ProcessedPhoto[];
    }) {
      await owned(ctx, id, false);
      const input = parseFields(PublicationUpdateInput, fields);
      const stored = await storeFiles(photos);
      let outcome;
      try {
        outcome = await repo.update(
          id,
          changedFields(input),
          input.deletedImageIds ?? [],
          stored,
          MARKETPLACE_LIMITS.maxImagesPerPublication,
        );
      } catch (error) {
        await deleteFiles(stored);
        throw error;
      }
      if (!outcome.ok) {
        await deleteFiles(stored);
        if (outcome.reason === 'not_found') throw new NotFoundError();
        if (outcome.reason === 'too_many') throw tooManyImages();
        throw new ValidationError([
          { path: 'deletedImageIds', code: 'unknown_image', message: 'validation.unknownReference' },
        ]);
      }
      const { removed } = outcome;
      await afterCommit(() => deleteFiles(removed));
      return { message: text('publicationUpdated', ctx.lang), publication: await present(id) };
    },

    async remove({ ctx, id }: { ctx: AuthedCtx; id: number }): Promise<{ message: string }> {
      await owned(ctx, id, true);
      const photos = await repo.remove(id);
      if (photos === null) throw new NotFoundError();
      await afterCommit(() => deleteFiles(photos));
      return { message: text('publicationDeleted', ctx.lang) };
    },

    one: ({ id }: { ctx: Ctx; id: number }) => present(id),

    async mine({ ctx }: { ctx: AuthedCtx }): Promise<Publication[]> {
      return (await repo.listByOwner(ctx.actor.id)).map(toPublication);
    },

    /** Paged answer as soon as page or limit is sent; otherwise the SPEC's plain list (capped at pageSizeMax). */
    async list({ query }: { ctx: Ctx; query: PublicationListQuery }): Promise<Publication[] | PublicationPage> {
      const paged = query.page !== undefined || query.limit !== undefined;
      const page = query.page ?? 1;
      const limit = query.limit ?? (paged ? MARKETPLACE_LIMITS.pageSizeDefault : MARKETPLACE_LIMITS.pageSizeMax);
      const filters: PublicationListFilters = {
        q: query.q,
        category: query.category,
        wilaya: query.wilaya,
        etat: query.etat,
        minPrice: query.minPrice,
        maxPrice: query.maxPrice,
        sort: query.sort,
        limit,
        offset: (page - 1) * limit,
      };
      if (!paged) return (await repo.list(filters)).map(toPublication);
      const [rows, total] = await Promise.all([repo.list(filters), repo.count(filters)]);
      return { items: rows.map(toPublication), total, page, limit };
    },

    /** A stored photo for the public image route; null when it does not exist. */
    async image(name: string) {
      return storage().get(`${IMAGE_KEY_PREFIX}${name}`);
    },
  };
}

export type PublicationsService = ReturnType<typeof createPublicationsService>;
