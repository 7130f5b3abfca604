/** react-query keys: one root per API collection, so a write invalidates every view of it. */
export const KEYS = {
  users: ['users', 'list'] as const,
  plans: ['admin', 'plans'] as const,
  planDetails: ['admin', 'plans', 'details'] as const,
  subscriptions: ['admin', 'subscriptions'] as const,
  functionalities: ['admin', 'functionalities'] as const,
  indices: ['admin', 'indices'] as const,
  assignments: ['admin', 'assignments'] as const,
  legends: ['admin', 'legends'] as const,
  parcels: ['admin', 'parcels'] as const,
  sellerPlans: ['admin', 'sellerPlans'] as const,
  sellerSubscriptions: ['admin', 'sellerSubscriptions'] as const,
  serviceRequests: ['admin', 'serviceRequests'] as const,
  servicePrices: ['admin', 'servicePrices'] as const,
};
