import type { RouteData } from '@filaha/shared/contracts';

/** Answer rows of the admin routes (apps/api/README.md), with the SPEC's field names. */

/** GET /api/users (Admin, Manager): one row. */
export type UserRow = RouteData<'GET /users'>[number];

/** Catalogue texts: French in the SPEC's fields, Arabic next to them ('' = not translated yet). */
export type Plan = RouteData<'GET /abonnement'>[number];

export type Functionality = RouteData<'GET /fonctionnality'>[number];

/** GET /api/abonnement/details: a plan with what it grants. */
export type PlanDetails = RouteData<'GET /abonnement/details'>[number];

/** GET /api/abonnementUser: a farmer subscription with its subscriber. */
export type FarmerSubscription = RouteData<'GET /abonnementUser'>[number];

export type Usage = RouteData<'GET /abonnementUserIndice/restReq/:abonnementUserId/indices-restants'>[number];

/** GET /api/legende (packages/shared/src/contracts/indices.ts). */
export type Legend = RouteData<'GET /legende'>[number];

/** GET /api/indice. */
export type IndexRow = RouteData<'GET /indice'>[number];

/** GET /api/abonnementIndice. */
export type Assignment = RouteData<'GET /abonnementIndice'>[number];

/** GET /api/parcelle (packages/shared/src/contracts/parcels.ts). */
export type Parcel = RouteData<'GET /parcelle/:id'>;

export type SellerPlan = RouteData<'GET /sellerAbonnement'>[number];

/** GET /api/sellerAbonnementUser: a seller subscription with its subscriber. */
export type SellerSubscription = RouteData<'GET /sellerAbonnementUser'>[number];
