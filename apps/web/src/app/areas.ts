import type layout from '../i18n/locales/ar/layout.json';
import type { AreaName } from '../lib/roles.ts';
import type { AreaIcon } from '../features/areas/areaIcons.tsx';
import type { PageKey } from './pages.ts';

/** Sidebar and page-title keys of the `layout` namespace; typed so a missing translation fails tsc. */
export type NavLabel = `nav.${keyof typeof layout.nav}`;

/**
 * Every signed-in route of SPEC §2, per area. `nav` items appear in the sidebar; the others are detail
 * pages reached from a list. `page` names the screen (a key of PAGES in app/pages.ts).
 */
export interface AreaRoute {
  path: string;
  /** Key in the `layout` namespace (`nav.*`), used for the sidebar and the page title. */
  label: NavLabel;
  icon: AreaIcon;
  nav: boolean;
  page: PageKey;
}

export interface AreaDef {
  name: AreaName;
  base: `/${string}`;
  routes: readonly AreaRoute[];
}

const r = (path: string, label: NavLabel, icon: AreaIcon, page: PageKey, nav = true): AreaRoute => ({
  path,
  label,
  icon,
  nav,
  page,
});

export const AREAS: readonly AreaDef[] = [
  {
    name: 'user',
    base: '/user',
    routes: [
      r('marketplace', 'nav.marketplace', 'store', 'marketplace'),
      r('ferme-map', 'nav.farmMap', 'map', 'farmMap'),
      r('Abonnement', 'nav.subscription', 'card', 'userSubscription'),
      r('service-offert', 'nav.services', 'tools', 'userServices'),
      r('product-submission', 'nav.productSubmission', 'upload', 'productSubmission'),
      r('offre-vendeur', 'nav.sellerOffer', 'tag', 'sellerOffers'),
      r('stock-management', 'nav.stock', 'boxes', 'stock'),
      r('Messaging-page', 'nav.messaging', 'chat', 'messaging'),
      r('ami', 'nav.friends', 'friends', 'network'),
      r('profile', 'nav.profile', 'user', 'profile'),
      r('organisations', 'nav.organisations', 'users', 'userOrganisations'),
      r('organisations/:id', 'nav.organisation', 'users', 'userOrganisation', false),
      r('organisations/:id/territory', 'nav.territory', 'map', 'userTerritory', false),
      r('ferme-map/:parcelId', 'nav.parcel', 'parcel', 'farmParcel', false),
      r('historique/:indexId/:parcelId', 'nav.history', 'history', 'farmHistory', false),
      r('alertes', 'nav.alerts', 'history', 'alerts', false),
      r('product-details/:id', 'nav.productDetails', 'tag', 'productDetails', false),
      r('my-product-details/:id', 'nav.myProductDetails', 'tag', 'myProduct', false),
    ],
  },
  {
    name: 'seller',
    base: '/seller',
    routes: [
      r('marketplace', 'nav.marketplace', 'store', 'marketplace'),
      r('offre', 'nav.sellerSubscription', 'card', 'sellerOffers'),
      r('product-submission', 'nav.productSubmission', 'upload', 'productSubmission'),
      r('Messaging-page', 'nav.messaging', 'chat', 'messaging'),
      r('product-details/:id', 'nav.productDetails', 'tag', 'productDetails', false),
      r('my-product-details/:id', 'nav.myProductDetails', 'tag', 'myProduct', false),
    ],
  },
  {
    name: 'admin',
    base: '/admin',
    routes: [
      r('UserManagement', 'nav.users', 'users', 'users'),
      r('AbonnementManagement', 'nav.farmerSubscriptions', 'card', 'adminSubscriptions'),
      r('Abonnement', 'nav.plans', 'grid', 'adminPlans'),
      r('fonctionalities', 'nav.functionalities', 'link', 'adminFunctionalities'),
      r('indices', 'nav.indices', 'leaf', 'adminIndices'),
      r('Abonementindices', 'nav.planIndices', 'layers', 'adminPlanIndices'),
      r('legend', 'nav.legends', 'palette', 'adminLegends'),
      r('Parcelle', 'nav.parcels', 'parcel', 'adminParcels'),
      r('SellerAbonnement', 'nav.sellerPlans', 'tag', 'adminSellerPlans'),
      r('SellerAbonnementManager', 'nav.sellerSubscriptions', 'store', 'adminSellerSubscriptions'),
      r('ServiceRequests', 'nav.serviceRequests', 'tools', 'adminServiceRequests'),
      r('organisations', 'nav.organisations', 'users', 'adminOrganisations'),
      r('Jobs', 'nav.jobs', 'history', 'adminJobs'),
    ],
  },
  {
    name: 'manager',
    base: '/manager',
    routes: [
      r('Dashboard', 'nav.dashboard', 'dashboard', 'managerDashboard'),
      r('Jobs', 'nav.jobs', 'history', 'adminJobs'),
    ],
  },
];
