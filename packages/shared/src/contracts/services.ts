import { z } from 'zod';
import { SERVICE_KEYS, ServiceRequestInput } from '../admin.ts';
import { route } from './contract.ts';

export const ServiceRequest = z.object({
  id: z.number().int(),
  serviceKey: z.enum(SERVICE_KEYS),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  /** The signed-in sender, if any (null for a visitor or a deleted account). */
  userId: z.number().int().nullable(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
});
export type ServiceRequest = z.infer<typeof ServiceRequest>;

export const ServiceRequestCreated = z.object({ message: z.string(), request: ServiceRequest });

/** Service requests: the public form (a token optional) and the staff's list. */
export const servicesContract = {
  create: route({
    method: 'POST',
    path: '/service-requests',
    tags: ['services'],
    auth: false,
    body: ServiceRequestInput,
    responses: { 201: ServiceRequestCreated },
    errors: ['UNAUTHENTICATED', 'TOKEN_EXPIRED', 'BLOCKED'],
  }),
  list: route({
    method: 'GET',
    path: '/service-requests',
    tags: ['services'],
    auth: true,
    responses: { 200: z.array(ServiceRequest) },
    errors: ['FORBIDDEN'],
  }),
};
