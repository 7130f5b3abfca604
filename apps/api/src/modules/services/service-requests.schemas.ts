import { SERVICE_KEYS } from '@filaha/shared';
import { z } from 'zod';

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
