import { servicePrices, SERVICE_PRICE_GROUPS, sql, type Db, type ServicePriceGroup } from '@filaha/db';

/** What the back office has set: one entry per price group set (amount in DA, or null = on quotation). */
export interface StoredServicePrices {
  prices: Partial<Record<ServicePriceGroup, number | null>>;
  /** Last change, null when nothing was ever set. */
  updatedAt: Date | null;
}

export function createSettingsRepository(db: Db) {
  return {
    async servicePrices(): Promise<StoredServicePrices> {
      const rows = await db.select().from(servicePrices);
      const prices: StoredServicePrices['prices'] = {};
      let updatedAt: Date | null = null;
      for (const row of rows) {
        prices[row.service] = row.amountDa;
        if (!updatedAt || row.updatedAt > updatedAt) updatedAt = row.updatedAt;
      }
      return { prices, updatedAt };
    },

    /** Sets both prices at once (one statement: a reader sees the old pair or the new one). */
    async setServicePrices(values: Record<ServicePriceGroup, number | null>, by: number): Promise<void> {
      await db
        .insert(servicePrices)
        .values(SERVICE_PRICE_GROUPS.map((service) => ({ service, amountDa: values[service], updatedBy: by })))
        .onConflictDoUpdate({
          target: servicePrices.service,
          set: { amountDa: sql`excluded.amount_da`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`now()` },
        });
    },

    /** Forgets what the back office set: the deployment's values apply again. */
    async clearServicePrices(): Promise<void> {
      await db.delete(servicePrices);
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
