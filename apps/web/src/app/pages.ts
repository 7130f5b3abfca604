import type { ComponentType } from 'react';
import { preloadable, type Preloadable } from '../lib/preloadable.ts';

/**
 * The real screens of the signed-in areas, by page key (see `page` in areas.ts). Each loads on demand, so an
 * area's heavy libraries (map, charts) only download on the pages that use them; the screen opened directly is
 * loaded before the first render (app/prepareRoute.ts).
 */
/** Loads what a page's first render shows into the query cache, given the address's query string. */
type Prepare = (search: string) => Promise<void>;
type Page = Preloadable & {
  /** The page's Prepare (app/prepareRoute.ts); a page without one answers at once. Never rejects. */
  prepare: Prepare;
};
const page = <M>(load: () => Promise<M>, pick: (m: M) => ComponentType, prepare?: () => Promise<Prepare>): Page =>
  Object.assign(
    preloadable(() => load().then(pick)),
    {
      prepare: (search: string) =>
        prepare
          ? prepare()
              .then((run) => run(search))
              .catch(() => undefined)
          : Promise.resolve(),
    },
  );

export const PAGES = {
  users: page(
    () => import('../features/admin/UserManagement.tsx'),
    (m) => m.UserManagement,
  ),
  adminSubscriptions: page(
    () => import('../features/admin/AbonnementManagement.tsx'),
    (m) => m.AbonnementManagement,
  ),
  adminPlans: page(
    () => import('../features/admin/PlansPage.tsx'),
    (m) => m.PlansPage,
  ),
  adminFunctionalities: page(
    () => import('../features/admin/FunctionalitiesPage.tsx'),
    (m) => m.FunctionalitiesPage,
  ),
  adminIndices: page(
    () => import('../features/admin/IndicesPage.tsx'),
    (m) => m.IndicesPage,
  ),
  adminPlanIndices: page(
    () => import('../features/admin/PlanIndicesPage.tsx'),
    (m) => m.PlanIndicesPage,
  ),
  adminLegends: page(
    () => import('../features/admin/legend/LegendPage.tsx'),
    (m) => m.LegendPage,
  ),
  adminParcels: page(
    () => import('../features/admin/parcels/ParcelsPage.tsx'),
    (m) => m.ParcelsPage,
  ),
  adminSellerPlans: page(
    () => import('../features/admin/SellerPlansPage.tsx'),
    (m) => m.SellerPlansPage,
  ),
  adminSellerSubscriptions: page(
    () => import('../features/admin/SellerSubscriptionsPage.tsx'),
    (m) => m.SellerSubscriptionsPage,
  ),
  adminServiceRequests: page(
    () => import('../features/admin/ServiceRequestsPage.tsx'),
    (m) => m.ServiceRequestsPage,
  ),
  adminJobs: page(
    () => import('../features/admin/jobs/JobsPage.tsx'),
    (m) => m.JobsPage,
  ),
  managerDashboard: page(
    () => import('../features/manager/Dashboard.tsx'),
    (m) => m.Dashboard,
  ),
  profile: page(
    () => import('../features/areas/ProfilePage.tsx'),
    (m) => m.ProfilePage,
  ),
  farmMap: page(
    () => import('../features/farm/FarmMapPage.tsx'),
    (m) => m.FarmMapPage,
    () => import('../features/farm/prepareFarmMap.ts').then((m) => m.prepareFarmMap),
  ),
  farmParcel: page(
    () => import('../features/farm/ParcelPage.tsx'),
    (m) => m.ParcelPage,
  ),
  farmHistory: page(
    () => import('../features/farm/HistoryPage.tsx'),
    (m) => m.HistoryPage,
  ),
  alerts: page(
    () => import('../features/alerts/AlertsPage.tsx'),
    (m) => m.AlertsPage,
  ),
  userOrganisations: page(
    () => import('../features/organisations/ConsentPage.tsx'),
    (m) => m.ConsentPage,
  ),
  userOrganisation: page(
    () => import('../features/organisations/OrganisationPage.tsx'),
    (m) => m.OrganisationPage,
  ),
  userTerritory: page(
    () => import('../features/organisations/territory/TerritoryPage.tsx'),
    (m) => m.TerritoryPage,
  ),
  adminOrganisations: page(
    () => import('../features/organisations/OrganisationsAdminPage.tsx'),
    (m) => m.OrganisationsAdminPage,
  ),
  userSubscription: page(
    () => import('../features/subscription/SubscriptionPage.tsx'),
    (m) => m.SubscriptionPage,
  ),
  userServices: page(
    () => import('../features/services/ServicesPage.tsx'),
    (m) => m.ServicesPage,
  ),
  marketplace: page(
    () => import('../features/marketplace/MarketplacePage.tsx'),
    (m) => m.MarketplacePage,
    () => import('../features/marketplace/prepareMarketplace.ts').then((m) => m.prepareMarketplace),
  ),
  productDetails: page(
    () => import('../features/marketplace/ProductDetailsPage.tsx'),
    (m) => m.ProductDetailsPage,
  ),
  myProduct: page(
    () => import('../features/marketplace/MyProductPage.tsx'),
    (m) => m.MyProductPage,
  ),
  productSubmission: page(
    () => import('../features/seller/ProductSubmissionPage.tsx'),
    (m) => m.ProductSubmissionPage,
  ),
  sellerOffers: page(
    () => import('../features/seller/SellerOffersPage.tsx'),
    (m) => m.SellerOffersPage,
  ),
  messaging: page(
    () => import('../features/messaging/MessagingPage.tsx'),
    (m) => m.MessagingPage,
  ),
  network: page(
    () => import('../features/network/NetworkPage.tsx'),
    (m) => m.NetworkPage,
  ),
  stock: page(
    () => import('../features/stock/StockPage.tsx'),
    (m) => m.StockPage,
  ),
} satisfies Record<string, Page>;

/** What a route of app/areas.ts renders. */
export type PageKey = keyof typeof PAGES;
