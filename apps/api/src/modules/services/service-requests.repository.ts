import { desc, serviceRequests, type Db, type InferSelectModel } from '@filaha/db';
import type { ServiceKey } from '@filaha/shared';

export type ServiceRequestRecord = InferSelectModel<typeof serviceRequests>;

export interface NewServiceRequest {
  userId: number | null;
  serviceKey: ServiceKey;
  name: string;
  email: string;
  phone: string;
  message: string;
}

export function createServiceRequestsRepository(db: Db) {
  return {
    async create(request: NewServiceRequest): Promise<ServiceRequestRecord> {
      const [row] = await db.insert(serviceRequests).values(request).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    list(): Promise<ServiceRequestRecord[]> {
      return db.select().from(serviceRequests).orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id));
    },
  };
}

export type ServiceRequestsRepository = ReturnType<typeof createServiceRequestsRepository>;
