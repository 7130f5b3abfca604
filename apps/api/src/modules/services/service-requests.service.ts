import type { ServiceKey, ServiceRequestInput } from '@filaha/shared';
import type { Ctx } from '../../context.ts';
import { text } from '../../i18n/texts.ts';
import type { ServiceRequestRecord, ServiceRequestsRepository } from './service-requests.repository.ts';
import type { ServiceRequest } from '@filaha/shared/contracts';

function toServiceRequest(r: ServiceRequestRecord): ServiceRequest {
  return {
    id: r.id,
    serviceKey: r.serviceKey as ServiceKey,
    name: r.name,
    email: r.email,
    phone: r.phone,
    message: r.message,
    userId: r.userId,
    createdAt: r.createdAt.toISOString(),
    handledAt: r.handledAt ? r.handledAt.toISOString() : null,
  };
}

/** Requests from the services page: anyone may send one (a signed-in sender is recorded); staff read them. */
export function createServiceRequestsService(repo: ServiceRequestsRepository) {
  return {
    async create({ ctx, input }: { ctx: Ctx; input: ServiceRequestInput }) {
      const created = await repo.create({ ...input, userId: ctx.actor?.id ?? null });
      return { message: text('serviceRequestSent', ctx.lang), request: toServiceRequest(created) };
    },

    async list(): Promise<ServiceRequest[]> {
      return (await repo.list()).map(toServiceRequest);
    },
  };
}

export type ServiceRequestsService = ReturnType<typeof createServiceRequestsService>;
