import type { RouteData } from '@filaha/shared/contracts';
import type { SubscriptionState } from '@filaha/shared';

/** Answer rows of the admin routes (apps/api/README.md), with the SPEC's field names. */

/** GET /api/users (Admin, Manager): one row. */
export type UserRow = RouteData<'GET /users'>[number];

/** Catalogue texts: French in the SPEC's fields, Arabic next to them ('' or absent = not translated yet). */
export interface Plan {
  id: number;
  nameAbonnement: string;
  nameAbonnementAr?: string;
  nameClient: string;
  nameClientAr?: string;
  prices: string;
  description?: string;
  descriptionFr?: string;
  descriptionAr?: string;
  createdAt?: string;
}

export interface Functionality {
  id: number;
  name: string;
  nameAr?: string;
  psudo: string;
}

/** GET /api/abonnement/details: a plan with what it grants. */
export interface PlanDetails extends Plan {
  fonctionnalities: Functionality[];
  indices: Array<{ id: number; name: string; nombre_de_requete: number }>;
}

export interface FarmerSubscription {
  id: number;
  abn_id: number;
  user_id: number;
  date_abonnement: string;
  durée: number;
  etat: SubscriptionState;
  date_activation: string | null;
  abonnement: {
    id: number;
    nameAbonnement: string;
    nameAbonnementAr?: string;
    nameClient: string;
    nameClientAr?: string;
    prices: string;
  };
  User?: { id: number; email: string; userName: string };
}

export interface Usage {
  indice_id: number;
  indiceName: string;
  code: string;
  nbreq_total: number;
  nbreq_used: number;
  nbreq_restante: number;
}

export interface Legend {
  id: number;
  intervalDeb: number;
  intervalFin: number;
  color: string;
  descriptionLeg: string;
  descriptionLegFr?: string;
  descriptionLegAr?: string;
  indiceId: number;
}

export interface IndexRow {
  id: number;
  indiceName: string;
  code: string;
  description: string;
  recomndation: Array<{ range: { ar: string; fr: string }; ar: string; fr: string }>;
  legende: Legend[];
}

export interface Assignment {
  AbonnementId: number;
  IndiceId: number;
  nombre_de_requete: number;
  nameAbonnement: string;
  indiceName: string;
}

/** GET /api/parcelle (packages/shared/src/contracts/parcels.ts). */
export type Parcel = RouteData<'GET /parcelle/:id'>;

export interface SellerPlan {
  id: number;
  nameAbonnement: string;
  nameAbonnementAr?: string;
  nameClient: string;
  nameClientAr?: string;
  price: number;
  isLimited: boolean;
  nbPost: number | null;
  priority: number;
  description?: string;
  descriptionAr?: string;
  fonctionnalities?: Functionality[];
}

export interface SellerSubscription {
  id: number;
  sellerAbonnementId: number;
  userId: number;
  dateDebut: string;
  dateFin: string;
  etat: SubscriptionState;
  nbPost: number;
  remainingPosts: number | null;
  remainingDays: number;
  isActive: boolean;
  sellerabonnement: {
    id: number;
    nameAbonnement: string;
    nameAbonnementAr?: string;
    price: number;
    nbPost: number | null;
    isLimited: boolean;
  };
  User?: { id: number; userName: string; email: string };
}

export interface ServiceRequest {
  id: number;
  serviceKey: 'marketplace' | 'precision' | 'drilling' | 'soil';
  name: string;
  email: string;
  phone: string;
  message: string;
  userId: number | null;
  createdAt: string;
  handledAt: string | null;
}
