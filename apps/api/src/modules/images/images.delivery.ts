import { QuotaExhaustedError } from './images.errors.ts';

/** What recording a delivery can end in (images.repository.ts `Delivery`, the change module's own). */
type Settled = { kind: 'charged' } | { kind: 'duplicate' } | { kind: 'exhausted'; used: number; total: number };

/**
 * Records a delivery whose files are already stored, for an index image and a change map alike: the stored files
 * are removed when the record fails or charges nothing (a duplicate, an exhausted quota), and an exhausted quota
 * is answered with the limit modal (429 QUOTA_EXHAUSTED).
 */
export async function settleDelivery<D extends Settled>(
  indexCode: string,
  record: Promise<D>,
  removeFiles: () => Promise<void>,
): Promise<Exclude<D, { kind: 'exhausted' }>> {
  const delivery = await record.catch(async (error: unknown) => {
    await removeFiles();
    throw error;
  });
  if (delivery.kind !== 'charged') await removeFiles();
  if (delivery.kind === 'exhausted') throw new QuotaExhaustedError(indexCode, delivery.used, delivery.total);
  return delivery as Exclude<D, { kind: 'exhausted' }>;
}
