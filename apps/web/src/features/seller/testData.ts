import type { SellerSubscription } from './api.ts';

/** The caller's active seller subscription to "Essentiel" (5 posts), with `remainingPosts` of them left. */
export const activeSubscription = (remainingPosts: number | null): SellerSubscription => ({
  id: 11,
  sellerAbonnementId: 1,
  userId: 5,
  dateDebut: '2025-11-22',
  dateFin: '2026-11-22',
  etat: 'actif',
  nbPost: 5 - (remainingPosts ?? 0),
  remainingPosts,
  remainingDays: 365,
  isActive: true,
  sellerabonnement: {
    id: 1,
    nameAbonnement: 'Essentiel',
    nameAbonnementAr: '',
    price: 3000,
    nbPost: 5,
    isLimited: true,
  },
});
